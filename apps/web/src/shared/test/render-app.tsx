import type { UserInfo } from '@openbourse/contracts/auth.ts';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { loadLanguage } from '@/shared/i18n/i18n';
import { sessionStore } from '@/shared/session/session-store';

export const demoUser: UserInfo = {
  id: 1,
  username: 'demo',
  email: 'demo@example.com',
  areaCode: null,
  phone: null,
  phoneMasked: null,
  hasPassword: true,
  hasWithdrawalPassword: false,
  kycStatus: 'none',
  inviteCode: 'ABC123',
  createdAt: '2025-01-15T10:00:00.000Z',
  lastLoginAt: null,
};

/** The whole app (shell, router, lazy pages) at `path`, in memory. */
export async function renderApp(path: string, { loggedIn = false }: { loggedIn?: boolean } = {}) {
  await loadLanguage(sessionStore.getState().language);
  if (loggedIn) sessionStore.logIn('test-token', demoUser);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App queryClient={queryClient} router={router} />);
  return { ...view, router, queryClient };
}

/** Handlers every page needs: parameters and content lists answer empty-ish by default. */
export const baseHandlers = {
  'GET index/getParamByKey/*': () => ({ code: 40400, msg: 'Not found', result: null }),
  'GET index/listContents/*': () => ({ code: 200, msg: 'Success', result: [] }),
  'POST user/getUserInfo': () => ({ code: 200, msg: 'Success', result: demoUser }),
  'GET index/getHomeStats': () => ({
    code: 200,
    msg: 'Success',
    result: {
      volume24hUsdt: '3812345678.12',
      listedInstruments: 352,
      registeredUsers: 1234567,
      lowestFeeRate: '0.0002',
      asOf: '2025-06-01T12:00:00.000Z',
    },
  }),
};

import { type AdminMe, AdminPermission } from '@openbourse/contracts/admin.ts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shared/session';
import { App } from './app';

const ALL: AdminPermission[] = [...AdminPermission.options];
const REVIEWER: AdminPermission[] = ['dashboard.read', 'users.read', 'reviews.decide'];

function me(role: 'owner' | 'reviewer', mine: AdminPermission[]): AdminMe {
  return {
    admin: {
      id: 7,
      email: `${role}@example.com`,
      name: role === 'owner' ? 'Olive Owner' : 'Rita Reviewer',
      role,
      status: 'active',
      totpRequired: role === 'owner',
      totpEnabled: role === 'owner',
      createdAt: '2026-11-01T00:00:00.000Z',
    },
    scope: 'full',
    permissions: { role, matrix: {}, mine },
  };
}

const ok = (result: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'Success', result }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** A fake admin API: each path answers what `routes` says; anything else fails the test. */
function serve(routes: Record<string, (init: RequestInit) => Response>) {
  const calls: { path: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace('/swx/admin/', '');
      calls.push({ path: `${path}${url.search}`, init });
      const handler = routes[path];
      if (!handler) throw new Error(`unexpected call ${path}`);
      return handler(init);
    }),
  );
  return calls;
}

function signedIn(m: AdminMe) {
  sessionStore.set({ token: 'adm_test', scope: 'full', admin: m.admin, permissions: m.permissions.mine });
}

function open(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App />);
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console', () => {
  it('sends a signed-out visitor to sign-in, asks for the code when the account has TOTP, and remembers where they were going', async () => {
    const owner = me('owner', ALL);
    let tries = 0;
    const calls = serve({
      'auth/login': (init) => {
        tries += 1;
        const body = JSON.parse(String(init.body)) as { totp?: string };
        if (!body.totp) return new Response(JSON.stringify({ code: 40021, msg: 'Enter the code' }));
        return ok({ token: 'adm_new', scope: 'full', expiresAt: '2026-11-25T10:00:00Z', admin: owner.admin });
      },
      'auth/me': () => ok(owner),
      params: () => ok([]),
    });
    open('/params');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Authenticator code');
    fireEvent.change(code, { target: { value: '12a3456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Parameters' })).toBeTruthy();
    expect(tries).toBe(2);
    expect(sessionStore.get()?.token).toBe('adm_new');
    const lastLogin = calls.filter((c) => c.path === 'auth/login').at(-1);
    expect(JSON.parse(String(lastLogin?.init.body))).toMatchObject({ email: 'owner@example.com', totp: '123456' });
    expect(lastLogin?.init.headers).toMatchObject({ lang: 'en' });
  });

  it("shows a reviewer only their screens, and 'no access' on the parameters screen without calling it", async () => {
    const reviewer = me('reviewer', REVIEWER);
    signedIn(reviewer);
    const calls = serve({ 'auth/me': () => ok(reviewer) });
    open('/params');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    const nav = screen.getByRole('complementary', { name: 'Console' });
    const links = [...nav.querySelectorAll('a')].map((a) => a.textContent?.trim());
    expect(links).toEqual([
      '◧Dashboard',
      '◉Users',
      '⇩Deposits',
      '⇧Withdrawals',
      '⊡KYC',
      '⊕Loans',
      '◎Earn treasury',
      '◔Option series',
    ]);
    await waitFor(() => expect(calls.some((c) => c.path === 'auth/me')).toBe(true));
    expect(calls.some((c) => c.path.startsWith('params'))).toBe(false);
  });

  it('asks the server to sort and page the user list, and keeps both in the address', async () => {
    const owner = me('owner', ALL);
    signedIn(owner);
    const rows = Array.from({ length: 25 }, (_, i) => ({
      id: 100 - i,
      username: `user${100 - i}`,
      email: null,
      phone: null,
      status: 'active',
      kycStatus: 'none',
      createdAt: '2026-11-01T00:00:00.000Z',
      lastLoginAt: null,
    }));
    const calls = serve({ 'auth/me': () => ok(owner), users: () => ok({ items: rows, total: 60 }) });
    open('/users');
    expect(await screen.findByText('user100')).toBeTruthy();
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Username/ }));
    await waitFor(() => expect(calls.at(-1)?.path).toContain('sort=username'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.path).toMatch(/page=2/));
    expect(window.location.search).toMatch(/sort=username/);
    expect(window.location.search).toMatch(/page=2/);
  });

  it("shows a content item's fields only with its texts, so nothing typed is overwritten when they arrive", async () => {
    const owner = me('owner', ALL);
    signedIn(owner);
    let answer: (r: Response) => void = () => {};
    const item = {
      id: 5,
      slug: 'about-us',
      type: 1,
      sort: 0,
      updatedAt: '2026-11-01T00:00:00.000Z',
      translations: { en: { title: 'About us', summary: '', body: 'Who we are' } },
    };
    serve({
      'auth/me': () => ok(owner),
      'content/5': () => new Promise<Response>((r) => (answer = r)) as unknown as Response,
    });
    open('/content/5');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryAllByLabelText('Title')).toHaveLength(0);
    answer(ok(item));
    const titles = await screen.findAllByLabelText('Title');
    expect((titles[0] as HTMLInputElement).value).toBe('About us');
    expect(titles).toHaveLength(11);
  });

  it('signs out when the server says the session is over', async () => {
    const owner = me('owner', ALL);
    signedIn(owner);
    serve({
      'auth/me': () => new Response(JSON.stringify({ code: 401, msg: 'expired' }), { status: 401 }),
      dashboard: () => new Response(JSON.stringify({ code: 401, msg: 'expired' }), { status: 401 }),
    });
    open('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStore.get()).toBeNull();
  });
});

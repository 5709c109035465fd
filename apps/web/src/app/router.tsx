import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader, RouteError } from './layout/route-status';
import { RequireAuth } from './layout/require-auth';
import { RootLayout } from './layout/root-layout';

/** Spec §9: a page's code that has not arrived after 120 s counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Each page is its own chunk, loaded when first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await withTimeout(load(), CHUNK_TIMEOUT_MS)).default });
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, lazy: page(() => import('@/features/home/routes/home')) },
      { path: 'market', lazy: page(() => import('@/features/market/routes/market')) },
      { path: 'trading', lazy: page(() => import('@/features/trading/routes/trading')) },
      { path: 'loan', lazy: page(() => import('@/features/loan/routes/loan')) },
      { path: 'nfts', lazy: page(() => import('@/features/nfts/routes/nfts')) },
      { path: 'nfts/:id', lazy: page(() => import('@/features/nfts/routes/nft-detail')) },
      { path: 'profile', lazy: page(() => import('@/features/profile/routes/profile')) },
      { path: 'profile/kefu', lazy: page(() => import('@/features/support/routes/kefu')) },
      { path: 'profile/liabilities', lazy: page(() => import('@/features/liabilities/routes/liabilities')) },
      { path: 'download', lazy: page(() => import('@/features/pwa/routes/download')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'cruuency', lazy: page(() => import('@/features/wallet/routes/currency')) },
          { path: 'profile/balance', lazy: page(() => import('@/features/wallet/routes/balance')) },
          { path: 'profile/balancebb', lazy: page(() => import('@/features/wallet/routes/balance-spot')) },
          { path: 'profile/balance2', lazy: page(() => import('@/features/wallet/routes/balance-margin')) },
          { path: 'profile/records', lazy: page(() => import('@/features/wallet/routes/records')) },
          { path: 'profile/deposit', lazy: page(() => import('@/features/wallet/routes/deposit')) },
          { path: 'profile/withdraw', lazy: page(() => import('@/features/wallet/routes/withdraw')) },
          { path: 'profile/exchange', lazy: page(() => import('@/features/wallet/routes/exchange')) },
          { path: 'profile/info', lazy: page(() => import('@/features/profile/routes/info')) },
          { path: 'profile/api-keys', lazy: page(() => import('@/features/apikeys/routes/api-keys')) },
          { path: 'profile/security', lazy: page(() => import('@/features/twofactor/routes/security')) },
          { path: 'profile/push', lazy: page(() => import('@/features/pwa/routes/push')) },
          { path: 'profile/verify', lazy: page(() => import('@/features/kyc/routes/verify')) },
          { path: 'profile/invite', lazy: page(() => import('@/features/profile/routes/invite')) },
          { path: 'profile/level', lazy: page(() => import('@/features/profile/routes/level')) },
          {
            path: 'profile/notification',
            lazy: page(() => import('@/features/notifications/routes/notifications')),
          },
          { path: 'profile/alerts', lazy: page(() => import('@/features/watchlist/routes/alerts')) },
        ],
      },
      { path: 'help', lazy: page(() => import('@/features/content/routes/help')) },
      { path: 'help/faq', lazy: page(() => import('@/features/content/routes/faq')) },
      { path: 'help/notice', lazy: page(() => import('@/features/content/routes/notice')) },
      { path: 'detail', lazy: page(() => import('@/features/content/routes/detail')) },
      { path: 'introduction', lazy: page(() => import('@/features/content/routes/introduction')) },
      { path: 'pass/login', lazy: page(() => import('@/features/auth/routes/login')) },
      { path: 'pass/two-factor', lazy: page(() => import('@/features/auth/routes/two-factor')) },
      { path: 'pass/register', lazy: page(() => import('@/features/auth/routes/register')) },
      { path: 'pass/reset', lazy: page(() => import('@/features/auth/routes/reset')) },
      { path: 'api/loginCallback/:provider', lazy: page(() => import('@/features/auth/routes/login-callback')) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** Resolves once the router has loaded the code (and data) of the page it started on. */
export function whenRouterReady(
  router: Pick<ReturnType<typeof createAppRouter>, 'state' | 'subscribe'>,
): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

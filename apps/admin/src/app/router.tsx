/**
 * The console's routes. Signed out → /sign-in; a session that must still set up TOTP → /enrol;
 * each screen names the permission it needs and shows "no access" without it (the server refuses
 * the calls anyway: the screen only saves the operator a useless page).
 */
import type { AdminPermission } from '@openbourse/contracts/admin.ts';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { AdminsPage } from '@/features/admins/admins-page';
import { AuditPage } from '@/features/audit/audit-page';
import { EnrolPage } from '@/features/auth/enrol-page';
import { SignInPage } from '@/features/auth/sign-in-page';
import { ContentEditPage } from '@/features/content/content-edit-page';
import { ContentListPage } from '@/features/content/content-list-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { DepositsPage } from '@/features/deposits/deposits-page';
import { EarnTreasuryPage } from '@/features/earn-treasury/earn-treasury-page';
import { InviteRewardsPage } from '@/features/invite-rewards/invite-rewards-page';
import { SignInProvidersPage } from '@/features/signin-providers/signin-providers-page';
import { VipLevelsPage } from '@/features/vip-levels/vip-levels-page';
import { ReservesPage } from '@/features/reserves/reserves-page';
import { InstrumentsPage } from '@/features/instruments/instruments-page';
import { KycPage } from '@/features/kyc/kyc-page';
import { LoanProductsPage } from '@/features/loan-products/loan-products-page';
import { LoansPage } from '@/features/loans/loans-page';
import { NetworksPage } from '@/features/networks/networks-page';
import { NftCharitiesPage } from '@/features/nfts/nft-charities-page';
import { NftCollectionsPage } from '@/features/nfts/nft-collections-page';
import { NftItemsPage } from '@/features/nfts/nft-items-page';
import { OptionSeriesPage } from '@/features/option-series/option-series-page';
import { ParamsPage } from '@/features/params/params-page';
import { SmartProductsPage } from '@/features/smart-products/smart-products-page';
import { SpotPairsPage } from '@/features/spot-pairs/spot-pairs-page';
import { SupportCannedPage } from '@/features/support/support-canned-page';
import { SupportInboxPage } from '@/features/support/support-inbox-page';
import { UserDetailPage } from '@/features/users/user-detail-page';
import { UsersPage } from '@/features/users/users-page';
import { WithdrawalsPage } from '@/features/withdrawals/withdrawals-page';
import { useSession } from '@/shared/session';
import { NoAccess, NotFound } from './no-access';
import { Shell } from './shell';

function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  if (session.scope === 'enrol') return <Navigate to="/enrol" replace />;
  return children;
}

function Allow({ permission, children }: { permission: AdminPermission; children: ReactNode }) {
  const session = useSession();
  if (!session?.permissions.includes(permission)) return <NoAccess />;
  return children;
}

export const SCREENS: { path: string; permission: AdminPermission; element: ReactNode }[] = [
  { path: 'users', permission: 'users.read', element: <UsersPage /> },
  { path: 'users/:id', permission: 'users.read', element: <UserDetailPage /> },
  { path: 'deposits', permission: 'reviews.decide', element: <DepositsPage /> },
  { path: 'withdrawals', permission: 'reviews.decide', element: <WithdrawalsPage /> },
  { path: 'kyc', permission: 'reviews.decide', element: <KycPage /> },
  { path: 'loans', permission: 'reviews.decide', element: <LoansPage /> },
  { path: 'instruments', permission: 'instruments.edit', element: <InstrumentsPage /> },
  { path: 'spot-pairs', permission: 'instruments.edit', element: <SpotPairsPage /> },
  { path: 'params', permission: 'params.edit', element: <ParamsPage /> },
  { path: 'networks', permission: 'params.edit', element: <NetworksPage /> },
  { path: 'loan-products', permission: 'params.edit', element: <LoanProductsPage /> },
  { path: 'smart-products', permission: 'params.edit', element: <SmartProductsPage /> },
  { path: 'earn-treasury', permission: 'dashboard.read', element: <EarnTreasuryPage /> },
  { path: 'invite-rewards', permission: 'params.edit', element: <InviteRewardsPage /> },
  { path: 'signin-providers', permission: 'signin.edit', element: <SignInProvidersPage /> },
  { path: 'vip-levels', permission: 'params.edit', element: <VipLevelsPage /> },
  { path: 'reserves', permission: 'reserves.edit', element: <ReservesPage /> },
  { path: 'option-series', permission: 'dashboard.read', element: <OptionSeriesPage /> },
  { path: 'nft-items', permission: 'nfts.edit', element: <NftItemsPage /> },
  { path: 'nft-collections', permission: 'nfts.edit', element: <NftCollectionsPage /> },
  { path: 'nft-charities', permission: 'params.edit', element: <NftCharitiesPage /> },
  { path: 'support', permission: 'support.reply', element: <SupportInboxPage /> },
  { path: 'support/:id', permission: 'support.reply', element: <SupportInboxPage /> },
  { path: 'support-canned', permission: 'support.reply', element: <SupportCannedPage /> },
  { path: 'content', permission: 'content.edit', element: <ContentListPage /> },
  { path: 'content/:id', permission: 'content.edit', element: <ContentEditPage /> },
  { path: 'admins', permission: 'admins.manage', element: <AdminsPage /> },
  { path: 'audit', permission: 'audit.read', element: <AuditPage /> },
];

export function createConsoleRouter() {
  return createBrowserRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/enrol', element: <EnrolPage /> },
      {
        path: '/',
        element: (
          <RequireSession>
            <Shell />
          </RequireSession>
        ),
        children: [
          {
            index: true,
            element: (
              <Allow permission="dashboard.read">
                <DashboardPage />
              </Allow>
            ),
          },
          ...SCREENS.map((s) => ({
            path: s.path,
            element: <Allow permission={s.permission}>{s.element}</Allow>,
          })),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
    { basename: '/admin' },
  );
}

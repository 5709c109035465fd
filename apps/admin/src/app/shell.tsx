/** The console's frame: the side navigation (only the screens this role may open), the top bar and the page. */
import type { AdminMe, AdminPermission } from '@openbourse/contracts/admin.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '@/shared/brand';
import { api } from '@/shared/api';
import { sessionStore, useSession } from '@/shared/session';

const NAV: { to: string; label: string; permission: AdminPermission; icon: string }[] = [
  { to: '/', label: 'Dashboard', permission: 'dashboard.read', icon: '◧' },
  { to: '/users', label: 'Users', permission: 'users.read', icon: '◉' },
  { to: '/deposits', label: 'Deposits', permission: 'reviews.decide', icon: '⇩' },
  { to: '/withdrawals', label: 'Withdrawals', permission: 'reviews.decide', icon: '⇧' },
  { to: '/kyc', label: 'KYC', permission: 'reviews.decide', icon: '⊡' },
  { to: '/loans', label: 'Loans', permission: 'reviews.decide', icon: '⊕' },
  { to: '/instruments', label: 'Instruments', permission: 'instruments.edit', icon: '◈' },
  { to: '/spot-pairs', label: 'Spot pairs', permission: 'instruments.edit', icon: '⇅' },
  { to: '/params', label: 'Parameters', permission: 'params.edit', icon: '⚙' },
  { to: '/networks', label: 'Networks', permission: 'params.edit', icon: '⇄' },
  { to: '/loan-products', label: 'Loan products', permission: 'params.edit', icon: '⊞' },
  { to: '/smart-products', label: 'Smart plans', permission: 'params.edit', icon: '◇' },
  { to: '/earn-treasury', label: 'Earn treasury', permission: 'dashboard.read', icon: '◎' },
  { to: '/invite-rewards', label: 'Invite rewards', permission: 'params.edit', icon: '✉' },
  { to: '/vip-levels', label: 'VIP levels', permission: 'params.edit', icon: '★' },
  { to: '/reserves', label: 'Reserves', permission: 'reserves.edit', icon: '⚖' },
  { to: '/option-series', label: 'Option series', permission: 'dashboard.read', icon: '◔' },
  { to: '/nft-items', label: 'NFT items', permission: 'nfts.edit', icon: '◆' },
  { to: '/nft-collections', label: 'NFT collections', permission: 'nfts.edit', icon: '❖' },
  { to: '/nft-charities', label: 'Charities', permission: 'params.edit', icon: '♡' },
  { to: '/support', label: 'Support inbox', permission: 'support.reply', icon: '✉' },
  { to: '/content', label: 'Content', permission: 'content.edit', icon: '☰' },
  { to: '/signin-providers', label: 'Sign-in providers', permission: 'signin.edit', icon: '⚷' },
  { to: '/admins', label: 'Admins', permission: 'admins.manage', icon: '⚿' },
  { to: '/audit', label: 'Audit log', permission: 'audit.read', icon: '⎙' },
];

/** Reads /auth/me on entry so a changed role shows at once; a revoked session signs out here. */
function useMe() {
  const me = useQuery({
    queryKey: ['me'],
    queryFn: async () => (await api.get<AdminMe>('auth/me')).result,
  });
  useEffect(() => {
    if (me.data) {
      sessionStore.update({ admin: me.data.admin, scope: me.data.scope, permissions: me.data.permissions.mine });
    }
  }, [me.data]);
}

export function Shell() {
  useMe();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A new page closes the menu on narrow screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (!session) return null;
  const allowed = NAV.filter((n) => session.permissions.includes(n.permission));

  async function signOut() {
    await api.post('auth/logout').catch(() => undefined);
    sessionStore.set(null);
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  }

  return (
    <div className={`shell${menuOpen ? ' shell--menu' : ''}`}>
      <aside className="sidebar" aria-label="Console">
        <Brand />
        <nav className="nav">
          {allowed.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.to === '/'} className="nav__link">
              <span className="nav__icon" aria-hidden="true">
                {n.icon}
              </span>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <p className="sidebar__foot">Every change is written to the audit log with your name and address.</p>
      </aside>
      <button type="button" className="scrim" aria-label="Close the menu" onClick={() => setMenuOpen(false)} />
      <div className="main">
        <header className="topbar">
          <button
            type="button"
            className="icon-btn menu-btn"
            aria-label="Menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((v) => !v)}
          >
            ☰
          </button>
          <span className="topbar__env">{window.location.host}</span>
          <div className="topbar__who" data-testid="who">
            <span className="topbar__name">{session.admin.name}</span>
            <span className={`role role--${session.admin.role}`}>{session.admin.role}</span>
          </div>
          <button type="button" className="btn btn--ghost btn--sm" onClick={signOut}>
            Sign out
          </button>
        </header>
        <main className="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

import type { ComponentType } from 'react';
import { IconHome, IconLoan, IconMarket, type IconProps, IconTrading, IconUser } from '@/shared/components/icons';

export interface NavItem {
  to: string;
  labelKey: 'nav.home' | 'nav.market' | 'nav.trading' | 'nav.loan' | 'nav.profile';
  Icon: ComponentType<IconProps>;
  testId: string;
}

/** The five main entries: the mobile tab bar and the desktop top bar. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', Icon: IconHome, testId: 'nav-home' },
  { to: '/market', labelKey: 'nav.market', Icon: IconMarket, testId: 'nav-market' },
  { to: '/trading', labelKey: 'nav.trading', Icon: IconTrading, testId: 'nav-trading' },
  { to: '/loan', labelKey: 'nav.loan', Icon: IconLoan, testId: 'nav-loan' },
  { to: '/profile', labelKey: 'nav.profile', Icon: IconUser, testId: 'nav-profile' },
];

export const TAB_PATHS: ReadonlySet<string> = new Set(NAV_ITEMS.map((item) => item.to));

/** Routes without the footer (spec §2). */
export const FOOTER_HIDDEN_PATHS: ReadonlySet<string> = new Set(['/pass/login', '/pass/register', '/pass/reset']);

export { isAuthPath } from './layout-paths';

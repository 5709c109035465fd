/**
 * What each admin role may do: the one table every admin route is checked against (a route names
 * its permission; the README prints this table). Later issues add their permissions here (review
 * queues for deposits, withdrawals, KYC and loans are `reviews.decide`).
 */
import type { AdminPermission } from '@openbourse/contracts/admin.ts';

export const ADMIN_ROLES = ['owner', 'reviewer', 'support', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const PERMISSIONS = {
  /** The dashboard's figures and the trial balance. */
  'dashboard.read': ['owner', 'reviewer', 'support', 'editor'],
  /** Users: search, detail, balances, statement, orders, sessions, sign-in history. */
  'users.read': ['owner', 'reviewer', 'support'],
  /** Users: disable and re-enable, revoke sessions, reset the withdrawal password. */
  'users.manage': ['owner', 'support'],
  /** Review queues: deposits, withdrawals, KYC, loans. */
  'reviews.decide': ['owner', 'reviewer'],
  /** Instruments: enable, sessions, leverage, lots, spreads and fees. */
  'instruments.edit': ['owner'],
  /** Platform parameters (demo account, download link, support address …). */
  'params.edit': ['owner'],
  /** Footer, FAQ and notices in every language. */
  'content.edit': ['owner', 'editor'],
  /** Charity NFT collections and items (charities themselves: params.edit). */
  'nfts.edit': ['owner', 'editor'],
  /** The support inbox: reply, assign, notes, close, canned replies, the customer's context. */
  'support.reply': ['owner', 'support'],
  /** Admin accounts and their roles. */
  'admins.manage': ['owner'],
  /** The audit log. */
  'audit.read': ['owner'],
  /** The platform's recorded reserves (proof of liabilities' coverage). */
  'reserves.edit': ['owner'],
  /** Third-party sign-in providers (client id, write-only secret, issuer, enabled). */
  'signin.edit': ['owner'],
} as const satisfies Record<AdminPermission, readonly AdminRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function may(role: AdminRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly AdminRole[]).includes(role);
}

/** Owners always sign in with TOTP; the others when their account says so. */
export const totpRequiredFor = (role: AdminRole, accountSetting: boolean) => role === 'owner' || accountSetting;

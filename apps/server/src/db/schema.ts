/** Every table, for Drizzle's typed queries and for drizzle-kit's migration generator. */
export * from '../modules/users/users.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/mail/mail.tables.ts';
export * from '../modules/params/params.tables.ts';
export * from '../modules/content/content.tables.ts';
export * from '../modules/ledger/ledger.tables.ts';
export * from '../modules/fees/fees.tables.ts';
export * from '../modules/market/market.tables.ts';
export * from '../modules/trading/trading.tables.ts';
export * from '../modules/limits/limits.tables.ts';
export * from '../modules/files/files.tables.ts';
export * from '../modules/events/events.tables.ts';
export * from '../modules/jobs/jobs.tables.ts';
export * from '../modules/notifications/notifications.tables.ts';
export * from '../modules/admin/admin.tables.ts';
export * from '../modules/watchlist/watchlist.tables.ts';
export * from '../modules/wallet/wallet.tables.ts';

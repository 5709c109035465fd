/**
 * The back office's own services (the platform's wiring): operators' sign-in, accounts and audit,
 * the dashboard, users, parameters, instruments, spot pairs, content and VIP levels. The back-office
 * sides of money in and out, KYC and the products are made beside the services they act on.
 */
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { SecretBox } from './lib/secret-box.ts';
import { createAdminAccounts } from './modules/admin/admin.accounts.ts';
import { createAdminAuth } from './modules/admin/admin.auth.ts';
import { createAdminContent } from './modules/admin/admin.content.ts';
import { createAdminDashboard } from './modules/admin/admin.dashboard.ts';
import { createAdminInstruments } from './modules/admin/admin.instruments.ts';
import { createAdminLevels } from './modules/admin/admin.levels.ts';
import { createAdminParams } from './modules/admin/admin.params.ts';
import { createAdminSpot } from './modules/admin/admin.spot.ts';
import { createAdminUsers } from './modules/admin/admin.users.ts';
import { createSessionsDirectory } from './modules/auth/auth.sessions.ts';
import { createContentEditor } from './modules/content/content.editor.ts';
import type { Events } from './modules/events/events.service.ts';
import type { createLedgerService } from './modules/ledger/ledger.service.ts';
import type { Levels } from './modules/levels/levels.service.ts';
import type { RateLimiter } from './modules/limits/limits.service.ts';
import type { MarketService } from './modules/market/market.service.ts';
import type { ParamsService } from './modules/params/params.service.ts';
import type { TradingService } from './modules/trading/trading.service.ts';
import { createUsersDirectory } from './modules/users/users.directory.ts';
import type { UsersService } from './modules/users/users.service.ts';

export interface BackOfficeDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  /** How long an operator's session lasts. */
  sessionTtlMs: number;
  /** The secret box's 'admin-twofactor' box (lib/secret-box.ts). */
  twoFactorBox: SecretBox;
  users: UsersService;
  trading: TradingService;
  ledger: ReturnType<typeof createLedgerService>;
  params: ParamsService;
  market: MarketService;
  events: Events;
  levels: Levels;
}

export function createBackOffice(d: BackOfficeDeps) {
  const { db, clock, events } = d;
  return {
    adminAuth: createAdminAuth({ db, clock, limiter: d.limiter, sessionTtlMs: d.sessionTtlMs, box: d.twoFactorBox }),
    adminAccounts: createAdminAccounts({ db, clock }),
    adminDashboard: createAdminDashboard({ db, clock, users: d.users, trading: d.trading, ledger: d.ledger }),
    adminParams: createAdminParams({ db, clock, params: d.params }),
    adminInstruments: createAdminInstruments({ db, clock, market: d.market, events }),
    adminSpot: createAdminSpot({ db, clock, events, ledger: d.ledger, market: d.market }),
    adminContent: createAdminContent({ db, clock, editor: createContentEditor({ db, clock }) }),
    adminLevels: createAdminLevels({ db, clock, levels: d.levels }),
    adminUsers: createAdminUsers({
      db,
      clock,
      directory: createUsersDirectory({ db }),
      sessions: createSessionsDirectory({ db, clock, events }),
      ledger: d.ledger,
      trading: d.trading,
      published: () => events.published(),
    }),
  };
}

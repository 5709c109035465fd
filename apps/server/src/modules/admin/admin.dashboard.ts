/**
 * The dashboard's figures: accounts and sign-ups, who signed in, open exposure per instrument and
 * side, today's fills, volume and fees (UTC day), and the ledger's trial balance — recomputed from
 * the journal each time, so it can only be zero if the books are.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { TradingService } from '../trading/trading.service.ts';
import type { UsersService } from '../users/users.service.ts';

const DAY_MS = 86_400_000;

export function createAdminDashboard(deps: {
  db: Db;
  clock: Clock;
  users: UsersService;
  trading: TradingService;
  ledger: LedgerService;
}) {
  const { db, clock, users, trading, ledger } = deps;
  return {
    async summary() {
      const now = clock.now();
      const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
      const [week, day, real, demo, fillsReal, fillsDemo, tb] = await Promise.all([
        users.activity({ signUps: new Date(now.getTime() - 7 * DAY_MS), active: new Date(now.getTime() - DAY_MS) }),
        users.activity({ signUps: dayStart, active: dayStart }),
        trading.exposure('real'),
        trading.exposure('demo'),
        trading.fillsSince('real', dayStart),
        trading.fillsSince('demo', dayStart),
        ledger.trialBalance(db),
      ]);
      const problems =
        tb.accountMismatches.length +
        tb.negativeAccounts.length +
        tb.crossedTransfers.length +
        tb.holdMismatches.length;
      const today = (f: typeof fillsReal) => ({ fills: f.fills, volume: f.notional, fees: f.fees });
      return {
        at: now.toISOString(),
        users: { total: week.total, signUpsToday: day.signUps, signUps7d: week.signUps, active24h: week.active },
        exposure: { real, demo },
        today: { real: today(fillsReal), demo: today(fillsDemo) },
        trialBalance: {
          ok: tb.ok,
          totals: tb.totals.map((t) => ({ mode: t.mode, currency: t.currency, total: t.total, accounts: t.accounts })),
          problems,
        },
      };
    },
  };
}

export type AdminDashboard = ReturnType<typeof createAdminDashboard>;

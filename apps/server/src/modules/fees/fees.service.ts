import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { feeSchedule } from './fees.tables.ts';

export const DEFAULT_FEES = [
  { product: 'spot', makerRate: '0.0008', takerRate: '0.001', description: 'Coin order book' },
  { product: 'margin', makerRate: '0.0005', takerRate: '0.0005', description: 'Margin (CFD) trading, on notional' },
  { product: 'exchange', makerRate: '0.002', takerRate: '0.002', description: 'Currency exchange' },
];

export function createFeesService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async seed(exec: Executor) {
      const now = clock.now();
      await exec
        .insert(feeSchedule)
        .values(DEFAULT_FEES.map((f) => ({ ...f, updatedAt: now })))
        .onConflictDoNothing();
    },
    /** Lowest rate anywhere in the schedule, as a canonical decimal string. */
    async lowestRate(): Promise<string> {
      const [row] = await db
        .select({
          rate: sql<string>`coalesce(min(least(${feeSchedule.makerRate}, ${feeSchedule.takerRate})), 0)::text`,
        })
        .from(feeSchedule);
      return normalise(row?.rate ?? '0');
    },
  };
}

/** "0.00050000" → "0.0005" */
function normalise(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}

export type FeesService = ReturnType<typeof createFeesService>;

/**
 * Options in the back office: the series' editor (create, edit, enable or disable; audited with
 * before and after) and the figures an operator watches — per series the open orders and their
 * exposure (the sum of their maximum payouts: what the platform would pay if every one expired at
 * its cap), and per account (mode, currency) the platform's options balance beside that exposure.
 */
import type {
  AdminOptionSeries,
  AdminOptionSeriesInput,
  AdminOptionSeriesResult,
} from '@openbourse/contracts/options.ts';
import { formatDecimal, parseDecimal } from '@openbourse/money';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { trimAmount } from '../../lib/amounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Mode } from '../ledger/ledger.types.ts';
import type { Options } from '../options/options.service.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

type SeriesInput = z.output<typeof AdminOptionSeriesInput>;
type SeriesRow = Awaited<ReturnType<Options['series']['create']>>;

const auditable = (s: SeriesRow) => ({
  instrumentId: s.instrumentId,
  currency: s.currency,
  periods: s.periods,
  minAmount: trimAmount(s.minAmount),
  maxAmount: trimAmount(s.maxAmount),
  spreadBps: s.spreadBps,
  capMove: trimAmount(s.capMove),
  enabled: s.enabled,
});

export function createAdminOptions(deps: { db: Db; clock: Clock; options: Options; ledger: LedgerService }) {
  const { db, clock, options, ledger } = deps;

  async function adminView(row: SeriesRow): Promise<AdminOptionSeries> {
    const inst = await options.series.instrumentOf(row.instrumentId);
    const scale = (await options.series.scaleOf(db, row.currency)) ?? 0;
    const view = inst
      ? await options.series.view(row, inst, scale)
      : {
          id: row.id,
          instrumentId: row.instrumentId,
          code: '',
          name: '',
          currency: row.currency,
          scale,
          periods: [...row.periods],
          minAmount: trimAmount(row.minAmount),
          maxAmount: trimAmount(row.maxAmount),
          spreadBps: row.spreadBps,
          capMove: trimAmount(row.capMove),
          volatility: null,
          tradable: false,
        };
    const exposure = (await options.exposure()).filter((e) => e.seriesId === row.id);
    const sum = exposure.reduce((s, e) => s + parseDecimal(trimAmount(e.exposure), scale), 0n);
    return {
      ...view,
      enabled: row.enabled,
      open: exposure.reduce((n, e) => n + e.open, 0),
      exposure: formatDecimal(sum, scale, { trim: true }),
    };
  }

  return {
    /** Every series with its open orders and exposure, and the options account per mode and currency. */
    async list(): Promise<AdminOptionSeriesResult> {
      const all = await options.series.all();
      const exposure = await options.exposure();
      const list: AdminOptionSeries[] = [];
      for (const { row, view } of all) {
        const mine = exposure.filter((e) => e.seriesId === row.id);
        const sum = mine.reduce((s, e) => s + parseDecimal(trimAmount(e.exposure), view.scale), 0n);
        list.push({
          ...view,
          enabled: row.enabled,
          open: mine.reduce((n, e) => n + e.open, 0),
          exposure: formatDecimal(sum, view.scale, { trim: true }),
        });
      }
      const keys = new Set<string>();
      for (const { row } of all) for (const mode of ['real', 'demo'] as const) keys.add(`${mode}:${row.currency}`);
      for (const e of exposure) keys.add(`${e.mode}:${e.currency}`);
      const accounts: AdminOptionSeriesResult['accounts'] = [];
      for (const key of [...keys].sort()) {
        const [mode, currency] = key.split(':') as [Mode, string];
        const scale = (await options.series.scaleOf(db, currency)) ?? 0;
        const mine = exposure.filter((e) => e.mode === mode && e.currency === currency);
        const sum = mine.reduce((s, e) => s + parseDecimal(trimAmount(e.exposure), scale), 0n);
        accounts.push({
          mode,
          currency,
          balance: trimAmount(await ledger.platformBalance(db, mode, currency, 'options')),
          exposure: formatDecimal(sum, scale, { trim: true }),
          open: mine.reduce((n, e) => n + e.open, 0),
        });
      }
      return { list, accounts };
    },

    async create(actor: AdminActor, input: SeriesInput): Promise<AdminOptionSeries> {
      const row = await db.transaction(async (tx) => {
        const created = await options.series.create(tx, input);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'optionSeries.create',
          targetType: 'optionSeries',
          targetId: String(created.id),
          after: auditable(created),
        });
        return created;
      });
      return adminView(row);
    },

    async update(actor: AdminActor, id: number, input: SeriesInput): Promise<AdminOptionSeries> {
      const row = await db.transaction(async (tx) => {
        const { before, after } = await options.series.update(tx, id, input);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'optionSeries.update',
          targetType: 'optionSeries',
          targetId: String(id),
          before: auditable(before),
          after: auditable(after),
        });
        return after;
      });
      return adminView(row);
    },
  };
}

export type AdminOptions = ReturnType<typeof createAdminOptions>;

/**
 * An operator's edit of an instrument's trading terms: enabled, session, leverage, lot limits,
 * spread and fee. Each value is checked (40001 naming the field) before anything is written; the
 * edit applies to what is placed afterwards (open positions keep their margin, fee and stop-out).
 * Every process reloads its instruments when it hears the change (`reload`), and the owner of the
 * feed restarts it so that spreads and the set of live instruments follow at once.
 */
import { invalidField } from '../../http/errors.ts';
import type { Executor } from '../../db/client.ts';
import { type MarketContext, toInstrument } from './market.context.ts';
import { marketErrors } from './market.errors.ts';
import { decimalToUnits, decimalsOf, trimDecimal } from './market.price.ts';
import { marketRepository as repo } from './market.repository.ts';
import { SESSIONS } from './market.session.ts';
import type { Instrument } from './market.types.ts';

export interface InstrumentEdit {
  enabled?: boolean | undefined;
  session?: keyof typeof SESSIONS | undefined;
  maxLeverage?: number | undefined;
  minLots?: string | undefined;
  maxLots?: string | undefined;
  spreadRate?: string | undefined;
  feeRate?: string | undefined;
  stopsLevel?: number | undefined;
}

const DECIMAL = /^(0|[1-9]\d{0,11})(\.\d{1,8})?$/;
const RATE_SCALE = 8;

/** The terms an edit can change, as the audit log records them. */
export const termsOf = (i: Instrument) => ({
  enabled: i.enabled,
  session: i.session.label,
  maxLeverage: i.maxLeverage,
  minLots: i.minLots,
  maxLots: i.maxLots,
  spreadRate: i.spreadRate,
  feeRate: i.feeRate,
  stopsLevel: i.stopsLevel,
});

export function createMarketEdits(ctx: MarketContext) {
  function rate(value: string, field: string, max: string): string {
    if (!DECIMAL.test(value)) throw invalidField(field);
    const u = decimalToUnits(value, RATE_SCALE);
    if (u < 0n || u > decimalToUnits(max, RATE_SCALE)) throw invalidField(field);
    return trimDecimal(value);
  }

  function lots(value: string, field: string, inst: Instrument): bigint {
    if (!DECIMAL.test(value)) throw invalidField(field);
    const scale = Math.max(decimalsOf(inst.lotStep), decimalsOf(value));
    const u = decimalToUnits(value, scale);
    const step = decimalToUnits(inst.lotStep, scale);
    if (u <= 0n || u % step !== 0n) throw invalidField(field);
    return u * 10n ** BigInt(8 - scale);
  }

  return {
    /** Checks and writes an edit in `exec`'s transaction; answers the instrument before and after. */
    async edit(exec: Executor, id: number, e: InstrumentEdit): Promise<{ before: Instrument; after: Instrument }> {
      const row = await repo.lockInstrument(exec, id);
      if (!row) throw marketErrors.noRecord();
      const before = toInstrument(row);
      const set: Parameters<typeof repo.updateInstrument>[2] = {};
      if (e.enabled !== undefined) set.enabled = e.enabled;
      if (e.session !== undefined) {
        const spec = SESSIONS[e.session];
        if (!spec) throw invalidField('session');
        set.session = spec;
      }
      if (e.maxLeverage !== undefined) {
        if (!Number.isInteger(e.maxLeverage) || e.maxLeverage < 1 || e.maxLeverage > 1000) {
          throw invalidField('maxLeverage');
        }
        set.maxLeverage = e.maxLeverage;
      }
      const min = lots(e.minLots ?? before.minLots, 'minLots', before);
      const max = lots(e.maxLots ?? before.maxLots, 'maxLots', before);
      if (min > max) throw invalidField(e.minLots !== undefined ? 'minLots' : 'maxLots');
      if (e.minLots !== undefined) set.minLots = trimDecimal(e.minLots);
      if (e.maxLots !== undefined) set.maxLots = trimDecimal(e.maxLots);
      if (e.spreadRate !== undefined) set.spreadRate = rate(e.spreadRate, 'spreadRate', '0.05');
      if (e.feeRate !== undefined) set.feeRate = rate(e.feeRate, 'feeRate', '0.01');
      if (e.stopsLevel !== undefined) {
        if (!Number.isInteger(e.stopsLevel) || e.stopsLevel < 0 || e.stopsLevel > 100_000) {
          throw invalidField('stopsLevel');
        }
        set.stopsLevel = e.stopsLevel;
      }
      const updated = await repo.updateInstrument(exec, id, { ...set, updatedAt: ctx.clock.now() });
      return { before, after: toInstrument(updated) };
    },
  };
}

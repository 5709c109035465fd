/**
 * The platform's recorded reserves (back office, `reserves.edit`, every change audited with before
 * and after) and their coverage of the latest published liabilities: reserves / liabilities per
 * currency, exact (4 decimals, rounded down so a shortfall is never rounded away).
 */
import type { CoverageResult, Reserve, ReserveInput } from '@openbourse/contracts/liabilities.ts';
import { divRound, formatDecimal, isMoneyError, parseDecimal, toLedger } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AdminActor } from '../admin/admin.auth.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { liabilitiesErrors as errors } from './liabilities.errors.ts';
import { liabilitiesRepository as repo, type ReserveRow } from './liabilities.repository.ts';
import { rootView } from './liabilities.service.ts';
import { ledgerToUnits } from './liabilities.snapshot.ts';

const RATIO_SCALE = 4;

/** The admin audit log's writer (admin.repository auditAs), injected: one row per change, in its transaction. */
export type AuditWriter = (
  tx: Executor,
  actor: AdminActor,
  at: Date,
  entry: { action: string; targetType: string; targetId: string; before?: unknown; after?: unknown },
) => Promise<void>;

export function createReserves(deps: { db: Db; clock: Clock; ledger: LedgerService; audit: AuditWriter }) {
  const { db, clock, ledger } = deps;
  async function scaleOf(code: string): Promise<number> {
    const c = await ledger.getCurrency(db, code);
    if (!c) throw errors.currencyUnknown();
    return c.scale;
  }

  async function view(r: ReserveRow): Promise<Reserve> {
    const scale = await scaleOf(r.currency);
    return {
      id: r.id,
      currency: r.currency,
      amount: formatDecimal(ledgerToUnits(r.amount, scale), scale),
      holder: r.holder,
      attestedOn: r.attestedOn,
      note: r.note,
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  /** The input as a row: the amount exact at the currency's scale (40001 field amount otherwise). */
  async function rowOf(input: z.output<typeof ReserveInput>) {
    const currency = input.currency.toUpperCase();
    const scale = await scaleOf(currency);
    let amount: string;
    try {
      amount = toLedger(parseDecimal(input.amount, scale), scale);
    } catch (e) {
      if (isMoneyError(e)) throw errors.amount();
      throw e;
    }
    return { currency, amount, holder: input.holder, attestedOn: input.attestedOn, note: input.note };
  }

  return {
    async list(): Promise<{ list: Reserve[] }> {
      return { list: await Promise.all((await repo.reserves(db)).map(view)) };
    },

    async create(actor: AdminActor, input: z.output<typeof ReserveInput>): Promise<Reserve> {
      const row = await rowOf(input);
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const r = await repo.insertReserve(tx, { ...row, createdAt: now, updatedAt: now });
        await deps.audit(tx, actor, now, {
          action: 'reserves.create',
          targetType: 'reserve',
          targetId: String(r.id),
          after: row,
        });
        return r;
      });
      return view(created);
    },

    async update(actor: AdminActor, id: number, input: z.output<typeof ReserveInput>): Promise<Reserve> {
      const row = await rowOf(input);
      const now = clock.now();
      const updated = await db.transaction(async (tx) => {
        const before = await repo.reserve(tx, id);
        if (!before) throw errors.reserveNotFound();
        const r = await repo.updateReserve(tx, id, { ...row, updatedAt: now });
        await deps.audit(tx, actor, now, {
          action: 'reserves.update',
          targetType: 'reserve',
          targetId: String(id),
          before: {
            currency: before.currency,
            amount: before.amount,
            holder: before.holder,
            attestedOn: before.attestedOn,
            note: before.note,
          },
          after: row,
        });
        return r as ReserveRow;
      });
      return view(updated);
    },

    async remove(actor: AdminActor, id: number): Promise<{ id: number }> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await repo.deleteReserve(tx, id);
        if (!before) throw errors.reserveNotFound();
        await deps.audit(tx, actor, now, {
          action: 'reserves.delete',
          targetType: 'reserve',
          targetId: String(id),
          before: {
            currency: before.currency,
            amount: before.amount,
            holder: before.holder,
            attestedOn: before.attestedOn,
            note: before.note,
          },
        });
      });
      return { id };
    },

    /** The latest snapshot's totals against the recorded reserves, per currency owed or held. */
    async coverage(): Promise<CoverageResult> {
      const [snap] = await repo.latest(db, 1);
      const reserves = await repo.reserves(db);
      const currencies = await ledger.listCurrencies(db);
      const lines: CoverageResult['lines'] = [];
      for (const c of [...currencies].sort((a, b) => a.sort - b.sort || (a.code < b.code ? -1 : 1))) {
        const k = snap ? snap.currencies.findIndex((x) => x.code === c.code) : -1;
        const owed = snap && k >= 0 ? BigInt(snap.totals[k] ?? '0') : 0n;
        const mine = reserves.filter((r) => r.currency === c.code);
        const held = mine.reduce((s, r) => s + ledgerToUnits(r.amount, c.scale), 0n);
        if (owed === 0n && !mine.length) continue;
        const oldest = mine.map((r) => r.attestedOn).sort()[0] ?? null;
        lines.push({
          currency: c.code,
          liabilities: formatDecimal(owed, c.scale),
          reserves: formatDecimal(held, c.scale),
          coverage:
            owed === 0n ? null : formatDecimal(divRound(held * 10n ** BigInt(RATIO_SCALE), owed, 'down'), RATIO_SCALE),
          under: held < owed,
          attestedOn: oldest,
        });
      }
      if (!snap) return { snapshot: null, lines };
      const { totals: _t, ...root } = rootView(snap);
      return { snapshot: root, lines };
    },
  };
}

export type Reserves = ReturnType<typeof createReserves>;

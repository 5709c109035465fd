import { formatDecimal, fromLedger } from '@openbourse/money';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createLedgerService, type LedgerService } from '../ledger.service.ts';
import { ledgerAccounts } from '../ledger.tables.ts';
import type { Mode, TransferInput } from '../ledger.types.ts';
import { expectBalanced, openLedgerTestDatabase, snapshot } from './helpers.ts';

/**
 * Random sequences of ledger operations — including ones that must be refused — run against the
 * database and against a tiny in-memory model. After every operation the users' balances equal the
 * model's, a refused or replayed operation changed nothing, and after every sequence the trial
 * balance is clean (per mode and currency the postings sum to zero, every balance equals its
 * transfers, no user account below zero, locked balances equal the holds).
 *
 * Amounts are whole hundredths so the model can work in bigint hundredths for every currency.
 */

const USERS = 3;
const CURRENCIES = [
  { code: 'USDT', scale: 6 },
  { code: 'BTC', scale: 8 },
] as const;
const NUM_RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 15);
const OPS_MAX = 40;

type Cur = 0 | 1;
type Op =
  | { t: 'deposit'; user: number; mode: Mode; cur: Cur; amt: number }
  | { t: 'transfer'; from: number; to: number; mode: Mode; cur: Cur; amt: number }
  | { t: 'fee'; user: number; mode: Mode; cur: Cur; amt: number }
  | { t: 'hold'; user: number; mode: Mode; cur: Cur; amt: number }
  | { t: 'post'; hold: number; amt: number | null; to: number | null }
  | { t: 'void'; hold: number }
  | { t: 'replay'; idx: number; alter: boolean }
  | { t: 'bad'; user: number; cur: Cur; kind: 'zero' | 'negative' | 'decimals' | 'exponent' }
  | { t: 'batch'; ops: Op[] };

const user = fc.integer({ min: 0, max: USERS - 1 });
// Skewed so that most operations meet money already deposited in the same bucket.
const mode = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Mode>('real') },
  { weight: 1, arbitrary: fc.constant<Mode>('demo') },
);
const cur = fc.oneof({ weight: 3, arbitrary: fc.constant<Cur>(0) }, { weight: 1, arbitrary: fc.constant<Cur>(1) });
const amt = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 20_000 }));

const simple: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('deposit' as const),
      user,
      mode,
      cur,
      amt: fc.integer({ min: 1_000, max: 100_000 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({ from: user, shift: fc.integer({ min: 1, max: USERS - 1 }), mode, cur, amt })
      .map(({ from, shift, ...r }) => ({ t: 'transfer' as const, from, to: (from + shift) % USERS, ...r })),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('fee' as const), user, mode, cur, amt }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('hold' as const), user, mode, cur, amt }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('post' as const),
      hold: fc.nat(),
      amt: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: null }),
      to: fc.option(user, { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('void' as const), hold: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('replay' as const), idx: fc.nat(), alter: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('bad' as const),
      user,
      cur,
      kind: fc.constantFrom('zero' as const, 'negative' as const, 'decimals' as const, 'exponent' as const),
    }),
  },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 10, arbitrary: simple },
  {
    weight: 1,
    arbitrary: fc.array(simple, { minLength: 2, maxLength: 3 }).map((ops) => ({ t: 'batch' as const, ops })),
  },
);

const hundredths = (n: number | bigint) => formatDecimal(BigInt(n), 2, { trim: true });

interface ModelHold {
  key: string;
  id: number;
  user: number;
  mode: Mode;
  cur: Cur;
  remaining: bigint;
  status: 'pending' | 'posted' | 'voided';
}

describe.each(DRIVERS)('ledger properties (%s)', (driver) => {
  let database: Database;
  let ledger: LedgerService;
  let run = 0;

  beforeAll(async () => {
    database = await openLedgerTestDatabase(driver);
    ledger = createLedgerService({ db: database.db, clock: new ManualClock() });
    await ledger.seedCurrencies(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function execute(ops: Op[]) {
    run += 1;
    const db = database.db;
    const uid = (u: number) => 1_000_000 + run * 10 + u;
    const bal = new Map<string, bigint>();
    const k = (u: number, m: Mode, c: Cur, kind: 'available' | 'locked') =>
      `${uid(u)}|${m}|${CURRENCIES[c].code}|${kind}`;
    const get = (key: string) => bal.get(key) ?? 0n;
    const addTo = (key: string, d: bigint) => bal.set(key, get(key) + d);
    const holds: ModelHold[] = [];
    const done: TransferInput[] = [];
    let seq = 0;
    const key = () => `r${run}:${seq++}`;

    async function expectBalances(exec: Executor) {
      const rows = await exec
        .select()
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.userId, [0, 1, 2].map(uid)));
      const actual = new Map(
        rows.map((r) => [`${r.userId}|${r.mode}|${r.currency}|${r.kind}`, fromLedger(r.balance, 2)]),
      );
      for (const [name, v] of actual) expect(v, name).toBe(get(name));
      for (const [name, v] of bal) if (v !== 0n) expect(actual.get(name), name).toBe(v);
    }

    /** Runs one operation; `expected` is the catalogue code the model predicts, or null for success. */
    async function check(exec: Executor, expected: number | null, fn: () => Promise<unknown>, writes = true) {
      const before = expected !== null || !writes ? await snapshot(exec) : null;
      let code: number | null = null;
      try {
        await fn();
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        code = e.code;
      }
      expect(code).toBe(expected);
      if (before) expect(await snapshot(exec)).toEqual(before);
    }

    async function apply(exec: Executor, op: Op): Promise<void> {
      switch (op.t) {
        case 'deposit': {
          const input: TransferInput = {
            key: key(),
            debit: { platform: 'treasury', mode: op.mode },
            credit: { userId: uid(op.user), mode: op.mode },
            currency: CURRENCIES[op.cur].code,
            amount: hundredths(op.amt),
            code: 'deposit',
          };
          await check(exec, null, () => ledger.transfer(exec, input));
          addTo(k(op.user, op.mode, op.cur, 'available'), BigInt(op.amt));
          done.push(input);
          return;
        }
        case 'transfer':
        case 'fee': {
          const from = op.t === 'transfer' ? op.from : op.user;
          const input: TransferInput = {
            key: key(),
            debit: { userId: uid(from), mode: op.mode },
            credit: op.t === 'transfer' ? { userId: uid(op.to), mode: op.mode } : { platform: 'fees', mode: op.mode },
            currency: CURRENCIES[op.cur].code,
            amount: hundredths(op.amt),
            code: op.t === 'transfer' ? 'p2p' : 'fee',
          };
          const a = BigInt(op.amt);
          const ok = get(k(from, op.mode, op.cur, 'available')) >= a;
          await check(exec, ok ? null : 10092, () => ledger.transfer(exec, input));
          if (ok) {
            addTo(k(from, op.mode, op.cur, 'available'), -a);
            if (op.t === 'transfer') addTo(k(op.to, op.mode, op.cur, 'available'), a);
            done.push(input);
          }
          return;
        }
        case 'hold': {
          const a = BigInt(op.amt);
          const ok = get(k(op.user, op.mode, op.cur, 'available')) >= a;
          const hk = key();
          let id = 0;
          await check(exec, ok ? null : 10092, async () => {
            const r = await ledger.hold(exec, {
              key: hk,
              userId: uid(op.user),
              mode: op.mode,
              currency: CURRENCIES[op.cur].code,
              amount: hundredths(a),
              code: 'spot_order',
            });
            id = r.hold.id;
          });
          if (ok) {
            addTo(k(op.user, op.mode, op.cur, 'available'), -a);
            addTo(k(op.user, op.mode, op.cur, 'locked'), a);
            holds.push({ key: hk, id, user: op.user, mode: op.mode, cur: op.cur, remaining: a, status: 'pending' });
          }
          return;
        }
        case 'post': {
          const h = holds[op.hold % Math.max(holds.length, 1)];
          if (!h) return;
          const a = op.amt === null ? h.remaining : BigInt(op.amt);
          const expected = h.status !== 'pending' ? 40900 : a > h.remaining ? 40001 : null;
          await check(exec, expected, () =>
            ledger.postHold(exec, {
              holdId: h.id,
              key: key(),
              amount: op.amt === null ? undefined : hundredths(op.amt),
              to: op.to === null ? { platform: 'clearing', mode: h.mode } : { userId: uid(op.to), mode: h.mode },
              code: 'trade',
            }),
          );
          if (expected === null) {
            addTo(k(h.user, h.mode, h.cur, 'locked'), -a);
            if (op.to !== null) addTo(k(op.to, h.mode, h.cur, 'available'), a);
            h.remaining -= a;
            if (h.remaining === 0n) h.status = 'posted';
          }
          return;
        }
        case 'void': {
          const h = holds[op.hold % Math.max(holds.length, 1)];
          if (!h) return;
          const expected = h.status === 'posted' ? 40900 : null;
          // Voiding a voided hold is an accepted no-op: it must not write.
          await check(
            exec,
            expected,
            () => ledger.voidHold(exec, { holdKey: h.key, key: key() }),
            h.status === 'pending',
          );
          if (h.status === 'pending') {
            addTo(k(h.user, h.mode, h.cur, 'locked'), -h.remaining);
            addTo(k(h.user, h.mode, h.cur, 'available'), h.remaining);
            h.remaining = 0n;
            h.status = 'voided';
          }
          return;
        }
        case 'replay': {
          const prev = done[op.idx % Math.max(done.length, 1)];
          if (!prev) return;
          const input = op.alter ? { ...prev, amount: `${prev.amount}1` } : prev;
          await check(exec, op.alter ? 40900 : null, () => ledger.transfer(exec, input), false);
          return;
        }
        case 'bad': {
          const amount = {
            zero: '0',
            negative: '-1',
            decimals: op.cur === 0 ? '0.0000001' : '0.000000001',
            exponent: '1e2',
          }[op.kind];
          await check(exec, 40001, () =>
            ledger.transfer(exec, {
              key: key(),
              debit: { platform: 'treasury', mode: 'real' },
              credit: { userId: uid(op.user), mode: 'real' },
              currency: CURRENCIES[op.cur].code,
              amount,
              code: 'deposit',
            }),
          );
          return;
        }
        case 'batch':
          // One caller transaction; each refused operation inside it rolls back to its savepoint only.
          await ledger.runInTransaction(async (tx) => {
            for (const inner of op.ops) await apply(tx, inner);
            await expectBalances(tx);
          });
          return;
      }
    }

    // Every bucket starts with 100.00 so that most operations meet money; larger ones still fail.
    for (let u = 0; u < USERS; u++) {
      for (const m of ['real', 'demo'] as const) {
        for (const c of [0, 1] as const) await apply(db, { t: 'deposit', user: u, mode: m, cur: c, amt: 10_000 });
      }
    }
    for (const op of ops) {
      await apply(db, op);
      await expectBalances(db);
    }
    await expectBalanced(ledger, db);
  }

  it('random operation sequences keep every ledger invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: OPS_MAX }), (ops) => execute(ops)),
      { numRuns: NUM_RUNS, endOnFailure: false },
    );
  });
});

/**
 * Smart plans (spec §1, §3, §4, §7 order/buySmart, order/listSmartOrder; DESIGN §4 "Smart plans"):
 * buying a plan under a product (the principal held, the whole yield reserved from the earn
 * treasury), the daily payouts run by the job runner, maturity (profit shared: the principal
 * returned) and early exit. The money is in the ledger (earn.payouts.ts); this file keeps the
 * states and the rules. Every figure comes from `planTerms` (@openbourse/money).
 */
import { randomBytes } from 'node:crypto';
import type { BuySmartRequest, SmartPlan, SmartStatus, TreasuryFigure } from '@openbourse/contracts/earn.ts';
import { SMART_ENABLED_PARAM } from '@openbourse/contracts/earn.ts';
import { formatDecimal, fromLedger, planPayoutAt, planTerms } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { userAmountUnits } from '../../lib/amounts.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { earnErrors } from './earn.errors.ts';
import { createEarnLedger, earnKeys } from './earn.payouts.ts';
import { createSmartProducts, shareText, unitsAt } from './earn.products.ts';
import { type PlanRow, earnRepository as repo } from './earn.repository.ts';

type BuyInput = z.output<typeof BuySmartRequest>;

/** 52 random bits above 2^52: 16 digits, exact in JSON, not counting the platform's plans. */
const randomPublicId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));

/** Deadlocks between a purchase, a payout and an exit touching the same accounts are retried. */
const RETRIES = 3;

export function createEarn(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** The parameter smart_enabled (default on). */
  param: (key: string) => Promise<string | undefined>;
  notify: Notify;
  /** After a change that notified a user has committed: push it now. */
  published: () => void;
  publicIds?: () => number;
}) {
  const { db, clock, ledger } = deps;
  const publicIds = deps.publicIds ?? randomPublicId;
  const products = createSmartProducts({ db, clock, ledger });
  const money = createEarnLedger({ ledger });

  async function enabled(): Promise<boolean> {
    return (await deps.param(SMART_ENABLED_PARAM)) !== 'false';
  }

  /** A plan as its owner sees it; amounts at the currency's scale. */
  function view(row: PlanRow, scale: number, productName: string): SmartPlan {
    const fmt = (u: bigint) => formatDecimal(u, scale);
    const units = (v: string) => fromLedger(v, scale);
    const started = row.startedAt.getTime();
    const terms = planTerms({
      principal: fmt(units(row.principal)),
      scale,
      dailyYield: shareText(row.dailyYield),
      days: row.days,
      exitPenalty: shareText(row.exitPenalty),
      startedAt: started,
    });
    const earning = row.status === 'earning';
    return {
      id: row.publicId,
      productId: row.productId,
      productName,
      currency: row.currency,
      amount: terms.principal,
      days: row.days,
      dailyYield: terms.dailyYield,
      dailyIncome: fmt(units(row.dailyIncome)),
      totalIncome: terms.totalIncome,
      exitPenalty: terms.exitPenalty,
      status: row.status as SmartStatus,
      paidDays: row.paidDays,
      income: fmt(units(row.income)),
      expectedToday: earning ? fmt(units(row.dailyIncome)) : fmt(0n),
      nextEarningAt: earning ? planPayoutAt(started, row.paidDays + 1) : null,
      startedAt: started,
      maturesAt: terms.maturesAt,
      endedAt: row.endedAt?.getTime() ?? null,
      exitCost: earning ? terms.exitCost : fmt(units(row.exitCost ?? '0')),
      exitReturn: earning ? terms.exitReturn : fmt(units(row.returned ?? '0')),
    };
  }

  /** Views of rows with their product names in `lang` (English where the operator wrote none). */
  async function views(exec: Executor, rows: readonly PlanRow[], lang: string): Promise<SmartPlan[]> {
    if (rows.length === 0) return [];
    const names = await products.names(exec);
    const scales = new Map((await ledger.listCurrencies(exec)).map((c) => [c.code, c.scale]));
    return rows.map((r) => {
      const n = names.get(r.productId);
      return view(r, scales.get(r.currency) ?? 0, n?.[lang] ?? n?.en ?? '');
    });
  }

  /** Pays a locked plan's ended days; at maturity the owner is told (once, with the state change). */
  async function settle(tx: Executor, locked: PlanRow, now: Date): Promise<{ row: PlanRow; shared: boolean }> {
    const row = await money.payDays(tx, locked, now);
    const shared = locked.status === 'earning' && row.status === 'shared';
    if (shared) {
      const scale = await money.scaleOf(tx, row.currency);
      const f = (v: string) => formatDecimal(fromLedger(v, scale), scale);
      await deps.notify(tx, {
        userId: row.userId,
        kind: 'smartShared',
        subject: { type: 'smart', id: row.publicId },
        params: { amount: f(row.principal), income: f(row.income), currency: row.currency, days: String(row.days) },
      });
    }
    return { row, shared };
  }

  /** The earn treasury's figures for each currency a product is sold in. */
  async function treasury(): Promise<TreasuryFigure[]> {
    const out: TreasuryFigure[] = [];
    for (const currency of await products.currencies()) out.push({ currency, ...(await money.figures(db, currency)) });
    return out;
  }

  return {
    products,
    view,
    views,
    treasury,
    enabled,
    /** Decimals of a currency's amounts. */
    scaleOf: money.scaleOf,

    /** What /trading shows: smart trading on or off, every product, the treasury per currency. */
    async listProducts(lang: string) {
      const on = await enabled();
      return { enabled: on, list: await products.list(lang, on), treasury: await treasury() };
    },

    /**
     * A user buys a plan (real account only): the product's terms copied, the principal held and the
     * plan's whole yield reserved from the treasury, with the counts taken under the user's lock, all
     * in one transaction. Any refusal writes nothing.
     */
    async buy(userId: number, mode: AccountMode, lang: string, input: BuyInput): Promise<SmartPlan> {
      if (mode !== 'real') throw earnErrors.realOnly();
      if (!(await enabled())) throw earnErrors.notEnabled();
      const product = await products.get(db, input.productId);
      if (!product) throw earnErrors.productWrong();
      if (!product.enabled) throw earnErrors.notEnabled();
      const term = product.terms.find((t) => t.days === input.days);
      if (!term) throw earnErrors.daysWrong();
      const scale = await money.scaleOf(db, product.currency).catch(() => null);
      if (scale === null) throw earnErrors.productWrong();
      const units = userAmountUnits(input.amount, scale);
      if (units === null) throw earnErrors.amountWrong();
      if (units < unitsAt(product.minAmount, scale) || units > unitsAt(product.maxAmount, scale)) {
        throw earnErrors.amountWrong();
      }
      const row = await ledger.runInTransaction(
        async (tx) => {
          const now = clock.now();
          const terms = planTerms({
            principal: formatDecimal(units, scale),
            scale,
            dailyYield: term.dailyYield,
            days: term.days,
            exitPenalty: shareText(product.exitPenalty),
            startedAt: now.getTime(),
          });
          // One purchase of this user at a time: counted and inserted under the user's lock.
          await repo.lockUser(tx, userId);
          const earning = await repo.countEarning(tx, userId, product.id);
          if (product.onePerUser && earning > 0) throw earnErrors.sameProduct();
          if (earning >= product.maxPlans) throw earnErrors.tooMany();
          const created = await repo.insertPlan(tx, {
            publicId: publicIds(),
            userId,
            productId: product.id,
            currency: product.currency,
            principal: terms.principal,
            days: terms.days,
            dailyYield: terms.dailyYield,
            dailyIncome: terms.dailyIncome,
            exitPenalty: terms.exitPenalty,
            status: 'earning',
            startedAt: now,
            nextPayoutAt: new Date(planPayoutAt(now.getTime(), 1)),
          });
          if (!created) throw new Error('earn: the random public id was drawn before');
          await money.subscribe(tx, created);
          return created;
        },
        { retries: RETRIES },
      );
      const [plan] = await views(db, [row], lang);
      return plan!;
    },

    /** The user's plans, newest first (order/listSmartOrder). */
    async list(userId: number, lang: string, q: { status?: SmartStatus | undefined; page: number; size: number }) {
      const { rows, total } = await repo.plans(db, {
        userId,
        ...(q.status ? { status: q.status } : {}),
        page: q.page,
        size: q.size,
      });
      return { list: await views(db, rows, lang), total, page: q.page, size: q.size };
    },

    /**
     * Ends one of the user's earning plans early (order/exitSmart): the days ended so far are paid
     * first (yields paid are kept), then the penalty share of the principal goes to the treasury, the
     * rest back to the available balance, the unpaid yields back to the treasury. A plan that is not
     * earning — or that reached maturity meanwhile, which this call then settles — answers 40060.
     */
    async exit(userId: number, lang: string, publicId: number): Promise<SmartPlan> {
      if (!Number.isSafeInteger(publicId)) throw earnErrors.noRecord();
      const out = await ledger.runInTransaction(
        async (tx) => {
          const locked = await repo.planByPublicId(tx, publicId, { userId, lock: true });
          if (!locked) throw earnErrors.noRecord();
          if (locked.status !== 'earning') throw earnErrors.notEarning();
          const now = clock.now();
          const { row, shared } = await settle(tx, locked, now);
          if (row.status !== 'earning') return { row, exited: false, shared };
          const figures = await money.exit(tx, row);
          const after = await repo.exit(tx, row.id, { at: now, ...figures });
          if (!after) throw earnErrors.notEarning();
          return { row: after, exited: true, shared };
        },
        { retries: RETRIES },
      );
      if (out.shared) deps.published();
      if (!out.exited) throw earnErrors.notEarning();
      const [plan] = await views(db, [out.row], lang);
      return plan!;
    },

    /**
     * The job (every minute, catch-up safe): each earning plan with a payout due gets every ended day
     * not yet paid, and one at maturity is shared (its owner told once). Each plan in its own
     * transaction with its row locked. Returns how many plans were paid and how many matured.
     */
    async payAll(): Promise<{ plans: number; shared: number }> {
      let paid = 0;
      let shared = 0;
      for (const id of await repo.dueIds(db, clock.now())) {
        const r = await ledger.runInTransaction(
          async (tx) => {
            const locked = await repo.planById(tx, id, true);
            if (!locked) return null;
            const { row, shared: now } = await settle(tx, locked, clock.now());
            return { moved: row.paidDays !== locked.paidDays, shared: now };
          },
          { retries: RETRIES },
        );
        if (r?.moved) paid += 1;
        if (r?.shared) shared += 1;
      }
      if (shared > 0) deps.published();
      return { plans: paid, shared };
    },

    // ─── the back office ───────────────────────────────────────────────────────────────────

    /** The earn treasury per currency, with its plans' load (admin /earn-treasury). */
    async adminTreasury(since: Date) {
      const loads = new Map((await repo.currencyLoads(db, since)).map((l) => [l.currency, l]));
      const currencies = [...new Set([...(await products.currencies()), ...loads.keys()])].sort();
      const list = [];
      for (const currency of currencies) {
        const scale = await money.scaleOf(db, currency);
        const f = (v: string) => formatDecimal(fromLedger(v, scale), scale);
        const l = loads.get(currency);
        list.push({
          currency,
          ...(await money.figures(db, currency)),
          paidToday: f(l?.paidToday ?? '0'),
          earningPlans: l?.earningPlans ?? 0,
          principalHeld: f(l?.principalHeld ?? '0'),
        });
      }
      return { list };
    },

    /** Moves house money into a currency's earn treasury in the caller's transaction (which audits it). */
    fund: money.fund,
    /** One currency's earn treasury: free and reserved. */
    treasuryOf: money.figures,

    /**
     * Funds each currency's earn treasury once on a fresh platform (seed): `amount` from the
     * platform's treasury under a fixed key, skipped when that key was ever used.
     */
    async seedTreasury(tx: Executor, currency: string, amount: string): Promise<void> {
      // Both platform accounts exist from the start, so their ids come before users' accounts: every
      // posting then locks the platform's side first (ledger: ascending ids; earn.payouts.ts).
      await ledger.getOrCreatePlatformAccount(tx, 'real', currency, 'earn_treasury');
      if (await ledger.getTransfer(tx, earnKeys.seed(currency))) return;
      const scale = await money.scaleOf(tx, currency).catch(() => null);
      const units = scale === null ? null : userAmountUnits(amount, scale);
      if (units === null || scale === null) return;
      await money.fund(tx, {
        key: earnKeys.seed(currency),
        currency,
        amount: formatDecimal(units, scale),
        memo: 'initial earn treasury',
      });
    },
  };
}

export type Earn = ReturnType<typeof createEarn>;
export type { PlanRow };

/**
 * `createSpotService(deps)`: the spot exchange's API. Requests are checked here (pair, grid, range,
 * clientOrderId) and handed to the owner of the order's book (spot.writer.ts), which holds the funds,
 * matches and settles in group-committed batches; reads (lists, depth, trades, pairs) come from the
 * database, so any process answers them.
 */
import {
  SPOT_DEPTH_LEVELS,
  type SpotDepth,
  type SpotOrder,
  type SpotOrderList,
  type SpotOrderListQuery,
  type SpotPair,
  type SpotPreview,
  type SpotPreviewRequest,
  type SpotSubmitRequest,
  type SpotTrade,
} from '@openbourse/contracts/spot.ts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../http/errors.ts';
import { isPublicId, randomPublicId } from '../trading/trading.ids.ts';
import { createSpotContext, type SpotDeps } from './spot.context.ts';
import { spotErrors } from './spot.errors.ts';
import { orderFees } from './spot.fees.ts';
import {
  gridOf,
  type PairGrid,
  priceString,
  priceToTicks,
  protectionTicks,
  qtyString,
  qtyToLots,
  trim,
  units,
} from './spot.grid.ts';
import { bpsToShare } from '../levels/levels.arithmetic.ts';
import { DEFAULT_PAIRS } from './spot.pairs.ts';
import type { LiveOrder } from './spot.plan.ts';
import { spotRepository as repo } from './spot.repository.ts';
import { type SpotPairRow, spotPairs } from './spot.tables.ts';
import { endpointOf, publishEndpoint } from '../cluster/cluster.endpoints.ts';
import { fillView, orderLikeOf, orderView, pairView } from './spot.views.ts';
import { type BookChange, type BookWriter, createBookWriter, isDuplicate } from './spot.writer.ts';

type Mode = 'real' | 'demo';
type SubmitInput = z.output<typeof SpotSubmitRequest>;
type ListInput = z.output<typeof SpotOrderListQuery>;
type PreviewInput = z.output<typeof SpotPreviewRequest>;

/** "B" + UTC date of acceptance + the public id. */
const orderNoOf = (publicId: number, at: Date) => `B${at.toISOString().slice(0, 10).replace(/-/g, '')}${publicId}`;

/** The digest of what a submit asks for (decimals by value): a retry under its clientOrderId must match it. */
function digestOf(pairId: number, i: SubmitInput, lots: number, ticks: number | null): string {
  return sha256(
    JSON.stringify(['submit:v1', pairId, i.side, i.type, i.type === 'limit' ? i.timeInForce : 'IOC', lots, ticks]),
  );
}

export type SpotService = ReturnType<typeof createSpotService>;

export function createSpotService(deps: SpotDeps & { publicIds?: () => number }) {
  const ctx = createSpotContext(deps);
  const { db, log } = ctx;
  const publicIds = deps.publicIds ?? randomPublicId;
  let grids = new Map<number, { grid: PairGrid; row: SpotPairRow }>();
  const writers = new Map<string, BookWriter>();
  let running = false;
  /** This process's INTERNAL_URL (once it listens), written for the others while it owns the books. */
  let selfUrl: string | null = null;
  let owner: { url: string | null; at: number } = { url: null, at: 0 };

  async function announce(): Promise<void> {
    if (!running || !selfUrl) return;
    await publishEndpoint(db, deps.clock, 'spot', selfUrl);
  }
  const listeners = new Set<(change: BookChange) => void>();

  async function loadPairs(exec: Executor = db): Promise<void> {
    const rows = await repo.pairs(exec);
    const next = new Map<number, { grid: PairGrid; row: SpotPairRow }>();
    for (const row of rows) {
      const base = await deps.ledger.getCurrency(exec, row.base);
      const quote = await deps.ledger.getCurrency(exec, row.quote);
      if (!base || !quote) continue;
      try {
        next.set(row.id, { grid: gridOf(row, base.scale, quote.scale), row });
      } catch (err) {
        log.error({ err, pair: row.symbol }, 'spot: a pair does not fit its currencies and is left out');
      }
    }
    grids = next;
    // Books already running trade by the pair's new settings from their next batch (an operator's
    // fee or protection change; the grid itself changes only while nothing rests).
    for (const w of writers.values()) {
      const p = next.get(w.grid.id);
      if (p) w.setGrid(p.grid);
    }
  }

  function pairOf(pairId: number) {
    const p = grids.get(pairId);
    if (!p) throw spotErrors.notFound('pairId');
    return p;
  }

  function writerOf(grid: PairGrid, mode: Mode): BookWriter {
    const key = `${grid.id}:${mode}`;
    let w = writers.get(key);
    if (!w) {
      w = createBookWriter(ctx, grid, mode, async (change, eventId, payload) => {
        if (eventId !== null) await deps.events.publishOwn([{ id: eventId, topic: ctx.topic, payload }]);
        for (const l of listeners) l(change);
      });
      writers.set(key, w);
    }
    return w;
  }

  /** A writer's answer as the caller's: its order, or its refusal (unexpected errors are logged, not shown). */
  function settle(grid: PairGrid, a: LiveOrder | Error): SpotOrder {
    if (a instanceof AppError) throw a;
    if (a instanceof Error) {
      log.error({ err: a }, 'spot: a command failed');
      throw a;
    }
    return orderView(grid, a);
  }

  /** An order's pair (enabled), lots and limit ticks, or the refusal submit would answer. */
  function checked(input: PreviewInput) {
    const { grid, row } = pairOf(input.pairId);
    if (!row.enabled) throw spotErrors.notTradable();
    const lots = qtyToLots(grid, input.quantity);
    if (lots === null || lots < grid.minLots || lots > grid.maxLots) throw spotErrors.quantityWrong();
    let ticks: number | null = null;
    if (input.type === 'limit') {
      if (input.price === undefined) throw spotErrors.priceWrong();
      ticks = priceToTicks(grid, input.price);
      if (ticks === null) throw spotErrors.priceWrong();
    }
    return { grid, lots, ticks };
  }

  async function byClientOrderId(userId: number, mode: Mode, grid: PairGrid, clientOrderId: string, digest: string) {
    const row = await repo.findByClientOrderId(db, { userId, mode, clientOrderId });
    if (!row) return null;
    if (row.clientRequestHash !== digest || row.pairId !== grid.id) throw spotErrors.clientOrderIdReused();
    return orderView(grid, orderLikeOf(row, grid));
  }

  return {
    /** Inserts the default pairs that are missing (never rewrites one). */
    async seed(exec: Executor): Promise<void> {
      const now = new Date();
      await exec
        .insert(spotPairs)
        .values(DEFAULT_PAIRS.map((p) => ({ ...p, createdAt: now, updatedAt: now })))
        .onConflictDoNothing();
    },

    loadPairs,
    /** Per real-account user, their turnover on USDT-quoted pairs in [since, until) (modules/levels). */
    volumeByUser: (exec: Executor, since: Date, until: Date) => repo.turnoverByUser(exec, 'real', since, until),

    /** Owner of the books from now (the lease was taken): books load on their first command. */
    async start(): Promise<void> {
      await loadPairs();
      running = true;
      await announce();
    },

    /** Where this process listens for the others (server.ts, after listen). */
    async advertise(url: string): Promise<void> {
      selfUrl = url;
      await announce();
    },

    /**
     * The URL of the process that owns the books, when it is another one (read at most once a second);
     * null when this process owns them or no owner is known.
     */
    async ownerUrl(): Promise<string | null> {
      if (running) return null;
      const now = Date.now();
      if (now - owner.at > 1000) {
        owner = { url: await endpointOf(db, 'spot'), at: now };
      }
      return owner.url && owner.url !== selfUrl ? owner.url : null;
    },

    /** The lease went: every book's queue is refused and dropped (another process rebuilds them). */
    async stop(): Promise<void> {
      running = false;
      for (const w of writers.values()) w.stop();
      writers.clear();
    },

    get running() {
      return running;
    },

    /** Each committed book change, in this process (the market maker listens). */
    onChange(listener: (change: BookChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async submit(userId: number, mode: Mode, input: SubmitInput): Promise<SpotOrder> {
      const { grid, lots, ticks } = checked(input);
      // What a retry with the same clientOrderId must repeat (only orders with one keep it).
      const digest = input.clientOrderId ? digestOf(grid.id, input, lots, ticks) : null;
      if (input.clientOrderId && digest) {
        const first = await byClientOrderId(userId, mode, grid, input.clientOrderId, digest);
        if (first) return first;
      }
      if (!running) throw spotErrors.notTradable();
      const accounts = await ctx.accountsOf(userId, mode, grid);
      const tif = input.type === 'market' ? 'IOC' : input.timeInForce;
      for (let attempt = 0; attempt < 5; attempt++) {
        const publicId = publicIds();
        if (!isPublicId(publicId)) throw new Error('spot: public id source out of range');
        const now = deps.clock.now();
        const answer = await writerOf(grid, mode).submit(
          {
            publicId,
            orderNo: orderNoOf(publicId, now),
            userId,
            mode,
            pairId: grid.id,
            side: input.side,
            type: input.type,
            tif,
            priceTicks: ticks,
            protectionTicks: null,
            qtyLots: lots,
            held: '0',
            status: 'open',
            clientOrderId: input.clientOrderId ?? null,
            clientRequestHash: digest,
            createdAt: now,
            updatedAt: now,
          },
          { userId, side: input.side, type: input.type, tif, priceTicks: ticks, qtyLots: lots, accounts },
        );
        if (!isDuplicate(answer)) return settle(grid, answer);
        if (input.clientOrderId && digest) {
          const first = await byClientOrderId(userId, mode, grid, input.clientOrderId, digest);
          if (first) return first;
        }
        // Otherwise the random public id was taken: draw again.
      }
      throw new Error('spot: no free public id after 5 draws');
    },

    /**
     * What `submit` would hold and charge for this order, by the settlement's rules (spot.fees.ts) and
     * the user's discount as the writer reads it; a market order is bounded by its protection from the
     * committed book's best opposite price now. Places nothing; refuses as submit does (not 10011).
     */
    async preview(userId: number, mode: Mode, input: PreviewInput): Promise<SpotPreview> {
      const { grid, lots, ticks } = checked(input);
      const tif = input.type === 'market' ? 'IOC' : input.timeInForce;
      let price = ticks;
      let protection: number | null = null;
      if (input.type === 'market') {
        const top = await repo.depth(db, grid.id, mode, 1);
        const level = (input.side === 'buy' ? top.asks : top.bids)[0];
        if (!level) throw spotErrors.noLiquidity();
        price = level[0];
        protection = protectionTicks(grid, input.side, level[0]);
      }
      const bound = (protection ?? price) as number;
      const bps = deps.feeDiscounts ? ((await deps.feeDiscounts([userId])).get(userId) ?? 0) : 0;
      const fees = orderFees(grid, { side: input.side, tif, boundTicks: bound, lots }, bps);
      const heldCurrency = input.side === 'buy' ? grid.quote : grid.base;
      const balance = await deps.ledger.balance(db, userId, mode, heldCurrency);
      const quote = (u: bigint) => units(u, grid.quoteScale);
      return {
        pairId: grid.id,
        side: input.side,
        type: input.type,
        timeInForce: tif,
        quantity: qtyString(grid, lots),
        price: priceString(grid, price as number),
        protectionPrice: protection === null ? null : priceString(grid, protection),
        boundPrice: priceString(grid, bound),
        makerFeeRate: units(fees.rates.makerPpm, 6),
        takerFeeRate: units(fees.rates.takerPpm, 6),
        feeRate: units(fees.ratePpm, 6),
        discount: bpsToShare(bps),
        turnover: quote(fees.turnover),
        fee: quote(fees.fee),
        held: input.side === 'buy' ? quote(fees.hold) : units(fees.hold, grid.baseScale),
        heldCurrency,
        total: quote(fees.total),
        available: trim(balance.available),
      };
    },

    async cancel(userId: number, mode: Mode, publicId: number): Promise<SpotOrder> {
      if (!isPublicId(publicId)) throw spotErrors.notFound('id');
      const row = await repo.findOwnOrder(db, { publicId, userId, mode });
      if (!row) throw spotErrors.notFound('id');
      const { grid } = pairOf(row.pairId);
      if (row.status !== 'open') throw spotErrors.notOpen();
      if (!running) throw spotErrors.notTradable();
      const answer = await writerOf(grid, mode).cancel(row.id, userId);
      if (isDuplicate(answer)) throw new Error('spot: a cancel answered as a duplicate');
      return settle(grid, answer);
    },

    async list(userId: number, mode: Mode, q: ListInput): Promise<SpotOrderList> {
      if (q.pairId !== undefined) pairOf(q.pairId);
      const status = q.status === undefined ? undefined : (['open', 'cancelled', 'filled'] as const)[q.status - 1];
      const { rows, total } = await repo.listOrders(db, {
        userId,
        mode,
        ...(q.pairId !== undefined ? { pairId: q.pairId } : {}),
        ...(status ? { status } : {}),
        offset: (q.page - 1) * q.size,
        limit: q.size,
      });
      const list = rows.flatMap((r) => {
        const p = grids.get(r.pairId);
        return p ? [orderView(p.grid, orderLikeOf(r, p.grid))] : [];
      });
      const currencies = q.pairId !== undefined ? [pairOf(q.pairId).grid.base, pairOf(q.pairId).grid.quote] : null;
      const balances = await deps.ledger.balances(db, userId, mode);
      const holdings = balances
        .filter((b) => (currencies ? currencies.includes(b.currency) : true))
        .map((b) => ({ currency: b.currency, available: b.available, locked: b.locked }));
      for (const c of currencies ?? []) {
        if (!holdings.some((h) => h.currency === c)) holdings.push({ currency: c, available: '0', locked: '0' });
      }
      return { list, total, page: q.page, size: q.size, holdings };
    },

    async get(userId: number, mode: Mode, publicId: number): Promise<SpotOrder> {
      if (!isPublicId(publicId)) throw spotErrors.notFound('id');
      const row = await repo.findOwnOrder(db, { publicId, userId, mode });
      if (!row) throw spotErrors.notFound('id');
      const { grid } = pairOf(row.pairId);
      const fills = (await repo.fillsOf(db, row.id)).map((f) => fillView(grid, f, row.id));
      return orderView(grid, orderLikeOf(row, grid), fills);
    },

    async depth(pairId: number, mode: Mode): Promise<SpotDepth> {
      const { grid } = pairOf(pairId);
      const d = await repo.depth(db, pairId, mode, SPOT_DEPTH_LEVELS);
      const level = ([p, q]: [number, number]): [string, string] => [priceString(grid, p), qtyString(grid, q)];
      return { pairId, mode, seq: d.seq, bids: d.bids.map(level), asks: d.asks.map(level) };
    },

    async trades(pairId: number, mode: Mode, limit = 50): Promise<SpotTrade[]> {
      const { grid } = pairOf(pairId);
      const rows = await repo.trades(db, pairId, mode, limit);
      return rows.map((f) => ({
        id: f.id,
        price: priceString(grid, f.priceTicks),
        quantity: qtyString(grid, f.qtyLots),
        side: f.takerSide as 'buy' | 'sell',
        time: f.createdAt.getTime(),
      }));
    },

    async pairs(mode: Mode): Promise<SpotPair[]> {
      const since = new Date(deps.clock.now().getTime() - 24 * 3_600_000);
      const [stats, last] = await Promise.all([repo.stats(db, mode, since), repo.lastPrices(db, mode)]);
      const out: SpotPair[] = [];
      for (const { grid, row } of grids.values()) {
        const inst = row.instrumentCode ? await deps.market.getInstrument(row.instrumentCode).catch(() => null) : null;
        const quote = inst ? deps.market.currentQuote(inst.id) : null;
        out.push(
          pairView(grid, row, {
            instrumentId: inst?.id ?? null,
            last: last.get(grid.id) ?? null,
            reference: quote ? midOf(quote.bid, quote.ask) : null,
            stats: stats.get(grid.id),
          }),
        );
      }
      return out;
    },

    /** Batches written and the orders (commands) in them, since start. */
    batchStats: () => ({ ...ctx.stats, orders: ctx.stats.commands }),

    /** The pair's grid and its feed instrument (the market maker reads them). */
    pair: (pairId: number) => grids.get(pairId),
    allPairs: () => [...grids.values()],
    writer: (pairId: number, mode: Mode) => (running ? writerOf(pairOf(pairId).grid, mode) : null),
  };
}

/** (bid + ask) / 2 as a decimal string (exact: one more decimal at most). */
function midOf(bid: string, ask: string): string {
  const scale = Math.max(bid.split('.')[1]?.length ?? 0, ask.split('.')[1]?.length ?? 0) + 1;
  const toU = (v: string) => {
    const [i, f = ''] = v.split('.');
    return BigInt((i as string) + f.padEnd(scale, '0'));
  };
  const m = (toU(bid) + toU(ask)) / 2n;
  const s = m.toString().padStart(scale + 1, '0');
  const out = `${s.slice(0, -scale)}.${s.slice(-scale)}`;
  return out.replace(/0+$/, '').replace(/\.$/, '');
}

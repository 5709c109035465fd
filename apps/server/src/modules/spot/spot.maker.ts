/**
 * The market maker: a fresh platform has no other traders, so a platform-run participant quotes both
 * sides of every pair whose `mmEnabled` is on, around the feed's recorded mid price. Nothing about it
 * is hidden or privileged:
 *
 * - it is an ordinary user (`market-maker`, which nobody can sign in as) whose balances are ledger
 *   accounts like anyone's, funded by visible transfers from the platform's treasury (real) or
 *   faucet (demo), code `spot_mm_fund`, up to what its quotes need;
 * - it places and cancels through the spot service like any client (post-only: it only ever rests,
 *   never takes), its orders sit in the book and trade by the book's rules, and its fills pay fees;
 * - operators turn it off per pair in the back office; it then cancels its orders there.
 *
 * Every `everyMs` it compares, per book, its resting orders with the ladder the current mid asks for
 * (levels a side, the first `mmSpreadPpm` from the mid, then `mmStepPpm` apart, each worth about
 * `mmLevelQuote` of the quote) and cancels what is no longer wanted and places what is missing.
 */
import { randomBytes } from 'node:crypto';
import { divRound, parseDecimal } from '@openbourse/money';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { SpotLog } from './spot.context.ts';
import { type PairGrid, PPM, priceString, qtyString, turnoverUnits } from './spot.grid.ts';
import { spotRepository as repo } from './spot.repository.ts';
import type { SpotService } from './spot.service.ts';
import type { SpotPairRow } from './spot.tables.ts';

export const MARKET_MAKER_USERNAME = 'market-maker';
const FUND_CODE = 'spot_mm_fund';

type Mode = 'real' | 'demo';

export interface MakerDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  spot: SpotService;
  log: SpotLog;
  /** The market maker's user id (created by the seed if missing). */
  ensureUser(): Promise<number>;
  everyMs?: number;
}

interface Level {
  side: 'buy' | 'sell';
  priceTicks: number;
  lots: number;
}

/** The ladder around `midE18` (the mid at 18 decimals), on the pair's grid. */
export function ladderOf(g: PairGrid, row: SpotPairRow, midE18: bigint): Level[] {
  const out: Level[] = [];
  const levelQuote = parseDecimal(row.mmLevelQuote, g.quoteScale);
  for (let k = 0; k < row.mmLevels; k++) {
    const off = BigInt(row.mmSpreadPpm) + BigInt(k) * BigInt(row.mmStepPpm);
    if (off >= PPM) break;
    const bid = divRound(midE18 * (PPM - off), PPM * g.tickE18, 'floor');
    const ask = divRound(midE18 * (PPM + off), PPM * g.tickE18, 'ceiling');
    for (const [side, ticks] of [
      ['buy', bid],
      ['sell', ask],
    ] as const) {
      if (ticks <= 0n || ticks > BigInt(Number.MAX_SAFE_INTEGER)) continue;
      // Lots worth about levelQuote: levelQuote / (ticks × turnoverUnit), rounded down.
      const lots = Number(levelQuote / turnoverUnits(g, ticks, 1));
      if (lots < g.minLots) continue;
      out.push({ side, priceTicks: Number(ticks), lots: Math.min(lots, g.maxLots) });
    }
  }
  return out;
}

export function createMarketMaker(deps: MakerDeps) {
  const { db, ledger, market, spot, log } = deps;
  const everyMs = deps.everyMs ?? 5000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let userId: number | null = null;
  let fundSeq = Date.now();

  /** Tops the maker's available balance up to `need` (a visible transfer), if it is below. */
  async function fund(mode: Mode, currency: string, need: bigint, scale: number): Promise<void> {
    const id = userId as number;
    const line = await ledger.balance(db, id, mode, currency);
    const have = parseDecimal(line.total, scale);
    if (have >= need) return;
    fundSeq += 1;
    await ledger.transfer(db, {
      key: `spot-mm-fund:${mode}:${currency}:${fundSeq}`,
      debit: { platform: mode === 'real' ? 'treasury' : 'faucet', mode },
      credit: { userId: id, mode },
      currency,
      amount: formatUnits(need - have, scale),
      code: FUND_CODE,
      memo: 'market maker inventory',
    });
  }

  /** The ladder the pair's book should show now (none when the maker is off or there is no price). */
  async function midOf(row: SpotPairRow): Promise<bigint | null> {
    if (!row.mmEnabled || !row.enabled || !row.instrumentCode) return null;
    const inst = await market.getInstrument(row.instrumentCode).catch(() => null);
    const q = inst ? market.currentQuote(inst.id) : null;
    if (!q) return null;
    return (parseDecimal(q.bid, 18) + parseDecimal(q.ask, 18)) / 2n;
  }

  /**
   * The mid each book's ladder was last set around: a book is quoted again only when the mid has
   * moved a step from it, or one of the maker's orders there traded (`dirty`), or it was never
   * quoted — so a quiet market does not fill the order table with replaced quotes.
   */
  const anchors = new Map<string, bigint>();
  const dirty = new Set<string>();
  spot.onChange((c) => {
    if (userId !== null && c.trades.length > 0 && c.users.some((u) => u.userId === userId))
      dirty.add(`${c.pairId}:${c.mode}`);
  });
  const settled = (key: string, mid: bigint | null, row: SpotPairRow) => {
    const anchor = anchors.get(key);
    if (mid === null) return anchor === undefined;
    if (anchor === undefined || dirty.has(key)) return false;
    const drift = mid > anchor ? mid - anchor : anchor - mid;
    return drift * PPM < anchor * BigInt(row.mmStepPpm);
  };

  async function quoteBook(g: PairGrid, want: Level[], mode: Mode): Promise<void> {
    const id = userId as number;
    const open = (await repo.listOrders(db, { userId: id, mode, pairId: g.id, status: 'open', offset: 0, limit: 500 }))
      .rows;
    const at = (side: string, ticks: number | null) => `${side}:${ticks}`;
    const wanted = new Set(want.map((l) => at(l.side, l.priceTicks)));
    const kept = new Set<string>();
    const stale: number[] = [];
    for (const o of open) {
      const k = at(o.side, o.priceTicks);
      // One order per wanted level stays (partly filled or not); anything else goes.
      if (wanted.has(k) && !kept.has(k)) {
        kept.add(k);
        continue;
      }
      stale.push(o.publicId);
    }
    // All at once: the book's writer takes them in one batch (one transaction), not one each.
    await Promise.all(stale.map((publicId) => spot.cancel(id, mode, publicId).catch(() => undefined)));
    const missing = want.filter((l) => !kept.has(at(l.side, l.priceTicks)));
    if (missing.length === 0) return;
    // Inventory for the whole ladder in both currencies, with room for the fees.
    const quoteNeed = want
      .filter((l) => l.side === 'buy')
      .reduce((n, l) => n + turnoverUnits(g, l.priceTicks, l.lots), 0n);
    const baseNeed = want.filter((l) => l.side === 'sell').reduce((n, l) => n + BigInt(l.lots) * g.lotUnits, 0n);
    await fund(mode, g.quote, (quoteNeed * 11n) / 10n, g.quoteScale);
    await fund(mode, g.base, (baseNeed * 11n) / 10n, g.baseScale);
    await Promise.all(
      missing.map((l) =>
        spot
          .submit(id, mode, {
            pairId: g.id,
            side: l.side,
            type: 'limit',
            timeInForce: 'POST_ONLY',
            price: priceString(g, l.priceTicks),
            quantity: qtyString(g, l.lots),
          })
          .catch(() => undefined),
      ),
    );
  }

  async function round(): Promise<void> {
    if (!spot.running) return;
    for (const { grid, row } of spot.allPairs()) {
      const mid = await midOf(row);
      const want = mid === null ? [] : ladderOf(grid, row, mid);
      // Nothing to quote and nothing ever placed: no account is made for it.
      if (want.length === 0 && userId === null) continue;
      if (userId === null) userId = await deps.ensureUser();
      for (const mode of ['real', 'demo'] as const) {
        const key = `${grid.id}:${mode}`;
        if (settled(key, mid, row)) continue;
        // The embedded database answers on this thread without a turn of the event loop: let
        // requests in between books, so a round never holds the server for all of them at once.
        await new Promise<void>((r) => setImmediate(r));
        try {
          dirty.delete(key);
          await quoteBook(grid, want, mode);
          if (mid === null) anchors.delete(key);
          else anchors.set(key, mid);
        } catch (err) {
          log.warn({ err, pair: grid.symbol, mode }, 'spot: the market maker could not quote');
        }
      }
    }
  }

  function schedule(): void {
    timer = setTimeout(() => {
      running = round()
        .catch((err: unknown) => log.error({ err }, 'spot: market maker round failed'))
        .finally(() => {
          running = null;
          if (timer) schedule();
        });
    }, everyMs);
    timer.unref?.();
  }

  return {
    /** Quotes every `everyMs` from now (the spot lease holder). */
    start(): void {
      if (timer) return;
      schedule();
    },
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    /** One round now (tests). */
    round,
    userId: () => userId,
  };
}

function formatUnits(u: bigint, scale: number): string {
  const s = u.toString().padStart(scale + 1, '0');
  return scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

/** A password nobody knows: the maker's account cannot be signed in to. */
export const unusablePassword = () => `${randomBytes(24).toString('base64url')}Aa1`;

import { SPOT_DEPTH_LEVELS, type SpotDepth, type SpotLevel, type SpotTrade } from '@openbourse/contracts/spot.ts';
import { compareDecimal, signOf } from '@/shared/lib/decimal';

/**
 * Following a book from its snapshot and the pushes after it (contracts SpotDepth / SpotBookPush):
 * subscribe, keep the pushes that arrive, fetch the snapshot (change S), drop the pushes up to S and
 * apply the rest in order. A push that is not the next change means one was missed: the book is
 * fetched again. Pure: the hook (use-spot-book.ts) does the fetching and the subscribing.
 */

export interface Book {
  seq: number;
  /** Best (highest) first. */
  bids: SpotLevel[];
  /** Best (lowest) first. */
  asks: SpotLevel[];
}

/** The part of a push the book reads (the trades go to the trade list). */
export type BookDiff = Pick<SpotDepth, 'seq' | 'bids' | 'asks'>;

export interface DepthSyncState {
  /** The book as last known (kept on screen while it is fetched again); null before the first snapshot. */
  book: Book | null;
  /** True while a snapshot is awaited: pushes are kept, not applied. */
  syncing: boolean;
  /** Pushes kept while syncing, in the order of their seq. */
  buffer: BookDiff[];
}

export interface SyncResult {
  state: DepthSyncState;
  /** The book has a gap: fetch the snapshot again (the state is already syncing). */
  refetch: boolean;
}

export const initialDepthSync = (): DepthSyncState => ({ book: null, syncing: true, buffer: [] });

/**
 * One side with the changed levels applied: an absolute quantity replaces the level, "0" removes it;
 * kept in price order (bids descending, asks ascending) and cut to the levels the book shows.
 */
export function applyLevels(
  levels: readonly SpotLevel[],
  changes: readonly SpotLevel[],
  side: 'bids' | 'asks',
  limit = SPOT_DEPTH_LEVELS,
): SpotLevel[] {
  if (changes.length === 0) return levels.slice(0, limit);
  const byPrice = new Map<string, SpotLevel>();
  // Keyed by the price's value, so "100.5" and "100.50" are one level.
  const key = (price: string) => price.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  for (const level of levels) byPrice.set(key(level[0]), level);
  for (const change of changes) {
    if (signOf(change[1]) === 0) byPrice.delete(key(change[0]));
    else byPrice.set(key(change[0]), change);
  }
  const sorted = [...byPrice.values()].sort((a, b) =>
    side === 'bids' ? compareDecimal(b[0], a[0]) : compareDecimal(a[0], b[0]),
  );
  return sorted.slice(0, limit);
}

/** The book after a push that is its next change. */
export function applyDiff(book: Book, diff: BookDiff): Book {
  return {
    seq: diff.seq,
    bids: applyLevels(book.bids, diff.bids, 'bids'),
    asks: applyLevels(book.asks, diff.asks, 'asks'),
  };
}

const resync = (state: DepthSyncState, keep: BookDiff[] = []): SyncResult => ({
  state: { book: state.book, syncing: true, buffer: keep },
  refetch: true,
});

/** A push arrived. */
export function onPush(state: DepthSyncState, diff: BookDiff): SyncResult {
  if (state.syncing) {
    // Kept in seq order, once each (a push could come twice after a resubscribe).
    const buffer = state.buffer.filter((d) => d.seq !== diff.seq);
    buffer.push(diff);
    buffer.sort((a, b) => a.seq - b.seq);
    return { state: { ...state, buffer }, refetch: false };
  }
  const book = state.book as Book;
  if (diff.seq <= book.seq) return { state, refetch: false };
  if (diff.seq !== book.seq + 1) return resync(state, [diff]);
  return { state: { ...state, book: applyDiff(book, diff) }, refetch: false };
}

/** A snapshot arrived: the pushes after it are applied in order; a missing one asks for another snapshot. */
export function onSnapshot(state: DepthSyncState, depth: Pick<SpotDepth, 'seq' | 'bids' | 'asks'>): SyncResult {
  let book: Book = {
    seq: depth.seq,
    bids: applyLevels(depth.bids, [], 'bids'),
    asks: applyLevels(depth.asks, [], 'asks'),
  };
  // An older snapshot than the book shown (an answer overtaken by a later one): keep what is newer.
  if (!state.syncing && state.book && state.book.seq >= depth.seq) return { state, refetch: false };
  for (const diff of state.buffer) {
    if (diff.seq <= book.seq) continue;
    if (diff.seq !== book.seq + 1) {
      const rest = state.buffer.filter((d) => d.seq >= diff.seq);
      return { state: { book, syncing: true, buffer: rest }, refetch: true };
    }
    book = applyDiff(book, diff);
  }
  return { state: { book, syncing: false, buffer: [] }, refetch: false };
}

/** The socket subscribed again (after a reconnect): what came in between is unknown. */
export function onResubscribed(state: DepthSyncState): SyncResult {
  return resync(state);
}

/** How many trades the list keeps (listSpotTrade answers the latest 50). */
export const TRADES_SHOWN = 50;

/**
 * Trades newest first, each once, the latest `limit`: the fetched list and the pushed ones together.
 * Trade ids come from one sequence, so the higher id is the later trade.
 */
export function mergeTrades(
  current: readonly SpotTrade[],
  incoming: readonly SpotTrade[],
  limit = TRADES_SHOWN,
): SpotTrade[] {
  if (incoming.length === 0) return current.slice(0, limit);
  const byId = new Map<number, SpotTrade>();
  for (const trade of current) byId.set(trade.id, trade);
  for (const trade of incoming) byId.set(trade.id, trade);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, limit);
}

import type { SpotBookPush, SpotTrade } from '@openbourse/contracts/spot.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '@/shared/api/query-keys';
import { onLiveChannel, subscribeLive } from '@/shared/lib/live-feed';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { getSpotDepth } from '../api/get-spot-depth';
import {
  type Book,
  type DepthSyncState,
  initialDepthSync,
  mergeTrades,
  onPush,
  onResubscribed,
  onSnapshot,
  type SyncResult,
} from '../lib/depth-sync';

/** A snapshot again after this long without one: a backstop for a feed that is down. */
const SNAPSHOT_BACKSTOP_MS = 30_000;
const RETRY_MAX_MS = 10_000;
/** Gaps one after another (a busy book, a flaky link) ask for a snapshot at most this often. */
const GAP_REFETCH_MIN_MS = 1_000;
const PAIRS_REFRESH_MIN_MS = 5_000;

const backoffMs = (failures: number) => Math.min(RETRY_MAX_MS, 250 * 2 ** failures);

/** Runs `fn` before the next paint (or soon, without frames); returns its cancel. */
function nextFrame(fn: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(fn);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(fn, 16);
  return () => clearTimeout(id);
}

export interface SpotBookView {
  book: Book | null;
  /** The book shown may be behind: a snapshot is on its way. */
  syncing: boolean;
  /** The last snapshot failed (shown while there is no book). */
  error: unknown;
  retry(): void;
}

const isBookPush = (m: Record<string, unknown>): m is Record<string, unknown> & SpotBookPush =>
  m.ch === 'spot.book' &&
  typeof m.pairId === 'number' &&
  typeof m.seq === 'number' &&
  Array.isArray(m.bids) &&
  Array.isArray(m.asks);

/** The account mode as the book's topic names it. */
export function useWireMode(): 'real' | 'demo' {
  return useSession((s) => (s.accountMode === DEMO_ACCOUNT ? 'demo' : 'real'));
}

/**
 * A pair's live book (lib/depth-sync.ts): subscribes to its pushes on /message, reads the snapshot
 * and follows it; fetches it again on a gap, after a reconnect, and now and then as a backstop.
 * The pushed trades go into the trade list's cache. Follows the account mode (each has its book).
 */
export function useSpotBook(pairId: number): SpotBookView {
  const mode = useWireMode();
  const accountMode = useSession((s) => s.accountMode);
  const client = useQueryClient();
  const [view, setView] = useState<Omit<SpotBookView, 'retry'>>({ book: null, syncing: true, error: null });
  const retry = useRef<() => void>(() => {});

  useEffect(() => {
    let sync: DepthSyncState = initialDepthSync();
    let stopped = false;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastFetchAt = 0;
    let error: unknown = null;
    let cancelFrame: (() => void) | null = null;
    const tradesKey = queryKeys.spotTrades(pairId, accountMode);
    const pairsKey = queryKeys.spotPairs(accountMode);
    let pairsReadAt = 0;

    // Pushes can come many a second: the screen takes the latest state once a frame.
    const publish = () => {
      if (cancelFrame) return;
      cancelFrame = nextFrame(() => {
        cancelFrame = null;
        if (!stopped) setView({ book: sync.book, syncing: sync.syncing, error });
      });
    };
    const fetchSnapshot = () => {
      clearTimeout(timer);
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      lastFetchAt = Date.now();
      getSpotDepth(pairId, mine.signal).then(
        (depth) => {
          if (stopped || mine.signal.aborted) return;
          error = null;
          const result = onSnapshot(sync, depth);
          sync = result.state;
          publish();
          if (result.refetch) {
            // Older than the pushes kept (another process answered first): again, after a pause.
            fetchLater(backoffMs(++failures));
          } else {
            failures = 0;
            fetchLater(SNAPSHOT_BACKSTOP_MS);
          }
        },
        (e: unknown) => {
          if (stopped || mine.signal.aborted) return;
          error = e;
          publish();
          fetchLater(backoffMs(++failures));
        },
      );
    };
    const fetchLater = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(fetchSnapshot, ms);
    };
    /** A gap: the snapshot again, at once unless one was asked for less than a second ago. */
    const step = (result: SyncResult) => {
      sync = result.state;
      publish();
      if (result.refetch) fetchLater(Math.max(0, lastFetchAt + GAP_REFETCH_MIN_MS - Date.now()));
    };

    const stopListening = onLiveChannel('spot.book', (message) => {
      if (!isBookPush(message) || message.pairId !== pairId || message.mode !== mode) return;
      step(onPush(sync, message));
      const trades = message.trades as SpotTrade[] | undefined;
      if (trades?.length) {
        client.setQueryData<SpotTrade[]>(tradesKey, (old) => (old ? mergeTrades(old, trades) : old));
        // The pairs' last price and 24 h figures moved: read again, at most every few seconds.
        if (Date.now() - pairsReadAt > PAIRS_REFRESH_MIN_MS) {
          pairsReadAt = Date.now();
          void client.invalidateQueries({ queryKey: pairsKey });
        }
      }
    });
    // Subscribed first, so the pushes from the snapshot on are kept.
    const unsubscribe = subscribeLive({ ch: 'spot', pairId, mode }, () => {
      step(onResubscribed(sync));
      void client.invalidateQueries({ queryKey: tradesKey });
    });
    retry.current = () => {
      failures = 0;
      fetchSnapshot();
    };
    setView({ book: null, syncing: true, error: null });
    fetchSnapshot();
    return () => {
      stopped = true;
      controller?.abort();
      clearTimeout(timer);
      cancelFrame?.();
      unsubscribe();
      stopListening();
    };
  }, [pairId, mode, accountMode, client]);

  return { ...view, retry: () => retry.current() };
}

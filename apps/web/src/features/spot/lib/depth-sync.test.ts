import { SPOT_DEPTH_LEVELS, type SpotLevel, type SpotTrade } from '@openbourse/contracts/spot.ts';
import { describe, expect, it } from 'vitest';
import {
  applyLevels,
  type BookDiff,
  type DepthSyncState,
  initialDepthSync,
  mergeTrades,
  onPush,
  onResubscribed,
  onSnapshot,
} from './depth-sync';

const snapshot = {
  seq: 10,
  bids: [
    ['100', '1'],
    ['99.5', '2'],
  ] as SpotLevel[],
  asks: [
    ['101', '1.5'],
    ['102', '3'],
  ] as SpotLevel[],
};
const diff = (seq: number, bids: SpotLevel[] = [], asks: SpotLevel[] = []): BookDiff => ({ seq, bids, asks });

/** A synced state at the snapshot above. */
const live = (): DepthSyncState => onSnapshot(initialDepthSync(), snapshot).state;

describe('applyLevels', () => {
  it('replaces a level with its absolute quantity, removes it at "0" and keeps price order', () => {
    const bids = applyLevels(
      snapshot.bids,
      [
        ['99.5', '5'],
        ['100', '0'],
        ['100.25', '0.1'],
        ['98', '4'],
      ],
      'bids',
    );
    expect(bids).toEqual([
      ['100.25', '0.1'],
      ['99.5', '5'],
      ['98', '4'],
    ]);
    const asks = applyLevels(snapshot.asks, [['100.5', '2']], 'asks');
    expect(asks.map((l) => l[0])).toEqual(['100.5', '101', '102']);
  });

  it('orders by decimal value, not by text, and treats "100.50" and "100.5" as one level', () => {
    const asks = applyLevels(
      [
        ['9.5', '1'],
        ['100.50', '1'],
      ],
      [
        ['100.5', '0'],
        ['10', '2'],
      ],
      'asks',
    );
    expect(asks).toEqual([
      ['9.5', '1'],
      ['10', '2'],
    ]);
  });

  it('keeps only the top SPOT_DEPTH_LEVELS levels of a side', () => {
    const many: SpotLevel[] = Array.from({ length: SPOT_DEPTH_LEVELS + 5 }, (_, i) => [String(1000 - i), '1']);
    const bids = applyLevels([], many, 'bids');
    expect(bids).toHaveLength(SPOT_DEPTH_LEVELS);
    expect(bids[0]?.[0]).toBe('1000');
    expect(bids.at(-1)?.[0]).toBe(String(1000 - SPOT_DEPTH_LEVELS + 1));
    // A better level pushes the worst one out.
    const better = applyLevels(bids, [['2000', '1']], 'bids');
    expect(better).toHaveLength(SPOT_DEPTH_LEVELS);
    expect(better[0]?.[0]).toBe('2000');
    expect(better.at(-1)?.[0]).toBe(String(1000 - SPOT_DEPTH_LEVELS + 2));
  });
});

describe('depth sync', () => {
  it('keeps pushes until the snapshot, drops those it already holds and applies the rest in seq order', () => {
    let state = initialDepthSync();
    // Arriving out of order (and one twice): kept sorted, once.
    for (const d of [
      diff(12, [['100', '0']]),
      diff(9, [['1', '1']]),
      diff(11, [['99.5', '7']]),
      diff(11, [['99.5', '7']]),
    ]) {
      const r = onPush(state, d);
      expect(r.refetch).toBe(false);
      state = r.state;
    }
    expect(state.book).toBeNull();
    expect(state.buffer.map((d) => d.seq)).toEqual([9, 11, 12]);
    const r = onSnapshot(state, snapshot);
    expect(r.refetch).toBe(false);
    expect(r.state.syncing).toBe(false);
    expect(r.state.buffer).toEqual([]);
    // seq 9 (≤ 10) was dropped: no level at 1; 11 then 12 applied.
    expect(r.state.book).toEqual({ seq: 12, bids: [['99.5', '7']], asks: snapshot.asks });
  });

  it('asks for the snapshot again when the first kept push is not the one after it', () => {
    let state = onPush(initialDepthSync(), diff(13, [['100', '0']])).state;
    state = onPush(state, diff(14)).state;
    const r = onSnapshot(state, snapshot);
    expect(r.refetch).toBe(true);
    expect(r.state.syncing).toBe(true);
    // The newer snapshot is shown meanwhile, and the pushes after the gap are kept for the next one.
    expect(r.state.book?.seq).toBe(10);
    expect(r.state.buffer.map((d) => d.seq)).toEqual([13, 14]);
    const again = onSnapshot(r.state, { ...snapshot, seq: 12 });
    expect(again.refetch).toBe(false);
    expect(again.state.book?.seq).toBe(14);
    expect(again.state.book?.bids).toEqual([['99.5', '2']]);
  });

  it('applies the next change when live, ignores old ones and refetches on a gap', () => {
    let state = live();
    let r = onPush(state, diff(11, [], [['101', '0']]));
    expect(r.refetch).toBe(false);
    state = r.state;
    expect(state.book?.asks).toEqual([['102', '3']]);
    expect(state.book?.seq).toBe(11);
    // A repeat of a change already applied changes nothing.
    r = onPush(state, diff(11, [], [['105', '1']]));
    expect(r.state).toBe(state);
    // seq 13 after 11: 12 was missed.
    r = onPush(state, diff(13, [['50', '1']]));
    expect(r.refetch).toBe(true);
    expect(r.state.syncing).toBe(true);
    expect(r.state.book).toEqual(state.book);
    expect(r.state.buffer.map((d) => d.seq)).toEqual([13]);
    // While syncing, further pushes are kept, not applied.
    r = onPush(r.state, diff(14));
    expect(r.refetch).toBe(false);
    expect(r.state.book?.seq).toBe(11);
    expect(r.state.buffer.map((d) => d.seq)).toEqual([13, 14]);
  });

  it('fetches again after the socket subscribed again, and ignores a snapshot older than the book', () => {
    const state = live();
    const r = onResubscribed(state);
    expect(r.refetch).toBe(true);
    expect(r.state.syncing).toBe(true);
    expect(r.state.book).toEqual(state.book);
    const advanced = onPush(state, diff(11)).state;
    expect(onSnapshot(advanced, snapshot).state).toBe(advanced);
  });
});

describe('mergeTrades', () => {
  const trade = (id: number): SpotTrade => ({ id, price: '100', quantity: '1', side: 'buy', time: 1000 + id });
  it('puts pushed trades in front, once each, newest first, and keeps the latest fifty', () => {
    const fetched = [trade(3), trade(2), trade(1)];
    expect(mergeTrades(fetched, [trade(3), trade(5), trade(4)]).map((t) => t.id)).toEqual([5, 4, 3, 2, 1]);
    const many = Array.from({ length: 60 }, (_, i) => trade(i + 1));
    const merged = mergeTrades([], many);
    expect(merged).toHaveLength(50);
    expect(merged[0]?.id).toBe(60);
  });
});

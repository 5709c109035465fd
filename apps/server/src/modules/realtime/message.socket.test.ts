import { describe, expect, it } from 'vitest';
import { broadcastTo } from './message.socket.ts';

const sink = (bufferedAmount: number, readyState = 1) => {
  const s = {
    readyState,
    bufferedAmount,
    sent: [] as string[],
    terminated: false,
    send(p: Buffer, opts: { binary: boolean }) {
      expect(opts.binary).toBe(false);
      s.sent.push(p.toString());
    },
    terminate() {
      s.terminated = true;
    },
  };
  return s;
};

describe('broadcastTo', () => {
  it('sends to open clients, skips closing ones and drops clients too far behind', () => {
    const fast = sink(0);
    const behind = sink(900);
    const stalled = sink(1001);
    const closing = sink(0, 2);
    const clients = new Set([fast, behind, stalled, closing]);
    expect(broadcastTo(clients as never, 'x', 1000)).toBe(1);
    expect(fast.sent).toEqual(['x']);
    expect(behind.sent).toEqual(['x']);
    expect(stalled).toMatchObject({ sent: [], terminated: true });
    expect(closing.sent).toEqual([]);
    expect([...clients]).toEqual([fast, behind, closing]);
  });
});

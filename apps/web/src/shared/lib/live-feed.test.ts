import { describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, connectLiveFeed, subscribeLive } from './live-feed';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  readyState = 0;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  send(data: string) {
    this.sent.push(data);
  }
}

describe('live feed', () => {
  it('grows the reconnect delay exponentially up to the cap', () => {
    const noJitter = () => 1;
    expect(backoffDelayMs(0, 1000, 30000, noJitter)).toBe(1000);
    expect(backoffDelayMs(3, 1000, 30000, noJitter)).toBe(8000);
    expect(backoffDelayMs(10, 1000, 30000, noJitter)).toBe(30000);
    expect(backoffDelayMs(2, 1000, 30000, () => 0)).toBe(2000);
  });

  it('reads bracketed messages as quote arrays and other JSON as objects', () => {
    FakeSocket.instances = [];
    const onQuotes = vi.fn();
    const onMessage = vi.fn();
    const feed = connectLiveFeed({
      url: 'ws://x/message',
      onQuotes,
      onMessage,
      createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
      log: { warn: vi.fn() },
    });
    const socket = FakeSocket.instances[0];
    socket?.onmessage?.(new MessageEvent('message', { data: '[{"code":"BTC/USDT","price":"1"}]' }));
    socket?.onmessage?.(new MessageEvent('message', { data: '{"ch":"notice"}' }));
    expect(onQuotes).toHaveBeenCalledWith([{ code: 'BTC/USDT', price: '1' }]);
    expect(onMessage).toHaveBeenCalledWith({ ch: 'notice' });
    feed.close();
    expect(socket?.closed).toBe(true);
  });

  it('only logs errors and reconnects with backoff after a close', () => {
    FakeSocket.instances = [];
    const warn = vi.fn();
    const timers: { fn: () => void; ms: number }[] = [];
    const feed = connectLiveFeed({
      url: 'ws://x/message',
      createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
      log: { warn },
      random: () => 1,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => {},
    });
    FakeSocket.instances[0]?.onerror?.(new Event('error'));
    expect(warn).toHaveBeenCalled();
    FakeSocket.instances[0]?.onclose?.();
    expect(timers[0]?.ms).toBe(1000);
    timers[0]?.fn();
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]?.onclose?.();
    expect(timers[1]?.ms).toBe(2000);
    FakeSocket.instances[1]?.onclose?.();
    expect(timers).toHaveLength(2);
    feed.close();
  });

  it('signs the socket in with the session token on open, and again when asked', () => {
    FakeSocket.instances = [];
    let token: string | null = 'tok-1';
    const feed = connectLiveFeed({
      url: 'ws://x/message',
      getToken: () => token,
      createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
      log: { warn: vi.fn() },
      heartbeatMs: 1e9,
    });
    const socket = FakeSocket.instances[0]!;
    feed.reauth(); // not open yet: nothing is sent
    expect(socket.sent).toEqual([]);
    socket.readyState = 1;
    socket.onopen?.();
    token = null;
    feed.reauth();
    expect(socket.sent.map((s) => JSON.parse(s))).toEqual([
      { op: 'auth', token: 'tok-1' },
      { op: 'auth', token: null },
    ]);
    feed.close();
  });

  it('holds subscriptions: sent when held, again on every reconnect (telling the holders), unsent when let go', () => {
    FakeSocket.instances = [];
    const timers: (() => void)[] = [];
    const feed = connectLiveFeed({
      url: 'ws://x/message',
      createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
      log: { warn: vi.fn() },
      heartbeatMs: 1e9,
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
    });
    const frame = { ch: 'spot', pairId: 1, mode: 'real' };
    const resubscribed = vi.fn();
    // Held before the socket opened: sent when it opens.
    const release = subscribeLive(frame, resubscribed);
    const first = FakeSocket.instances[0]!;
    expect(first.sent).toEqual([]);
    first.readyState = 1;
    first.onopen?.();
    expect(first.sent.map((s) => JSON.parse(s))).toEqual([{ op: 'sub', ...frame }]);
    expect(resubscribed).toHaveBeenCalledTimes(1);
    // A second holder of the same topic shares it: nothing more is sent, and letting one go keeps it.
    const second = subscribeLive(frame);
    second();
    second();
    expect(first.sent).toHaveLength(1);
    // Another topic held while open is sent at once.
    const other = subscribeLive({ ch: 'spot', pairId: 2, mode: 'demo' });
    expect(JSON.parse(first.sent[1]!)).toEqual({ op: 'sub', ch: 'spot', pairId: 2, mode: 'demo' });
    other();
    expect(JSON.parse(first.sent[2]!)).toEqual({ op: 'unsub', ch: 'spot', pairId: 2, mode: 'demo' });
    // The socket drops and a new one opens: the held topic is subscribed again and its holder told.
    first.readyState = 3;
    first.onclose?.();
    timers[0]?.();
    const again = FakeSocket.instances[1]!;
    again.readyState = 1;
    again.onopen?.();
    expect(again.sent.map((s) => JSON.parse(s))).toEqual([{ op: 'sub', ...frame }]);
    expect(resubscribed).toHaveBeenCalledTimes(2);
    release();
    expect(JSON.parse(again.sent[1]!)).toEqual({ op: 'unsub', ...frame });
    feed.close();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, connectLiveFeed } from './live-feed';

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
});

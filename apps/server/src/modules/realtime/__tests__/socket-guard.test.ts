import { describe, expect, it } from 'vitest';
import {
  classify,
  clientKey,
  createAbuseReport,
  createConnectionGate,
  DEFAULT_SOCKET_LIMITS,
  type HitLimiter,
  SocketGuard,
  TokenBucket,
} from '../socket-guard.ts';

const clock = (start = 1_000) => {
  let t = start;
  const now = () => t;
  return Object.assign(now, {
    advance: (ms: number) => {
      t += ms;
    },
  });
};

describe('TokenBucket', () => {
  it('allows the burst at once, then refills at its rate and never above capacity', () => {
    const b = new TokenBucket(20, 5, 0);
    for (let i = 0; i < 20; i++) expect(b.take(0)).toBe(true);
    expect(b.take(0)).toBe(false);
    expect(b.take(199)).toBe(false); // 0.995 of a token
    expect(b.take(200)).toBe(true);
    expect(b.take(200)).toBe(false);
    // A long pause refills to the burst, not beyond.
    let n = 0;
    while (b.take(3_600_000)) n++;
    expect(n).toBe(20);
  });

  it('sustains exactly its rate', () => {
    const b = new TokenBucket(20, 5, 0);
    let allowed = 0;
    for (let t = 0; t < 10_000; t += 10) if (b.take(t)) allowed++;
    expect(allowed).toBe(20 + 50 - 1); // the burst plus 5/s for ~10 s
  });
});

describe('SocketGuard', () => {
  it('closes a socket over its frame budget', () => {
    const now = clock();
    const g = new SocketGuard(DEFAULT_SOCKET_LIMITS, now);
    for (let i = 0; i < 20; i++) expect(g.frame()).toBeNull();
    expect(g.frame()).toBe('rate');
    now.advance(1000);
    for (let i = 0; i < 5; i++) expect(g.frame()).toBeNull();
    expect(g.frame()).toBe('rate');
  });

  it('closes at the third junk frame', () => {
    const g = new SocketGuard(DEFAULT_SOCKET_LIMITS, clock());
    expect(g.junk()).toBeNull();
    expect(g.junk()).toBeNull();
    expect(g.junk()).toBe('junk');
  });

  it('runs one sign-in at a time: others are refused while it runs, and counted', () => {
    const now = clock();
    const g = new SocketGuard(DEFAULT_SOCKET_LIMITS, now);
    expect(g.auth()).toBe('start');
    expect(g.authInFlight).toBe(true);
    expect(g.auth()).toBe('busy');
    expect(g.auth()).toBe('busy');
    g.authDone();
    expect(g.auth()).toBe('start');
    g.authDone();
    expect(g.auth()).toBe('start');
    // Five attempts in the minute (busy ones included): the sixth closes the socket.
    expect(g.auth()).toBe('close');
    now.advance(59_999);
    expect(g.auth()).toBe('close');
    now.advance(1);
    // The first attempt has left the window; the look-up it started is still running.
    expect(g.auth()).toBe('busy');
    g.authDone();
  });

  it('allows five sign-ins a minute, steadily', () => {
    const now = clock();
    const g = new SocketGuard(DEFAULT_SOCKET_LIMITS, now);
    for (let minute = 0; minute < 3; minute++) {
      for (let i = 0; i < 5; i++) {
        expect(g.auth()).toBe('start');
        g.authDone();
        now.advance(12_000);
      }
    }
  });
});

describe('classify', () => {
  const text = (s: string) => classify(Buffer.from(s), false);
  it('knows "ping" and the auth op; everything else is junk', () => {
    expect(text('ping')).toEqual({ kind: 'ping' });
    expect(text('{"op":"auth","token":"abc"}')).toEqual({ kind: 'auth', token: 'abc' });
    expect(text('{"op":"auth","token":null}')).toEqual({ kind: 'auth', token: null });
    expect(text('{"op":"auth"}')).toEqual({ kind: 'auth', token: null });
    expect(text('{"op":"auth","token":5}')).toEqual({ kind: 'auth', token: 5 });
    for (const junk of ['PING', 'pong', '', 'x'.repeat(100), '{"op":"sub"}', '[1,2]', '"ping"', 'null', '{', '42']) {
      expect(text(junk), junk).toEqual({ kind: 'junk' });
    }
    expect(classify(Buffer.from('ping'), true)).toEqual({ kind: 'junk' });
    expect(classify([Buffer.from('pi'), Buffer.from('ng')], false)).toEqual({ kind: 'ping' });
  });
});

describe('clientKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:0:0:ffff::1')).toBe(clientKey('2001:db8::2'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe('createConnectionGate', () => {
  const fakeLimiter = (max: number) => {
    const hits = new Map<string, number>();
    const calls: string[] = [];
    const limiter: HitLimiter = {
      async hit(key) {
        calls.push(key);
        const n = (hits.get(key) ?? 0) + 1;
        hits.set(key, n);
        return { allowed: n <= max, retryAfterMs: 30_000 };
      },
    };
    return { limiter, calls };
  };

  it('caps concurrent sockets per address, counting slots reserved before the limiter answers', async () => {
    const { limiter } = fakeLimiter(1000);
    const gate = createConnectionGate({
      limits: { socketsPerIp: 3, connectsPerIpPerMinute: 1000 },
      limiter,
      now: clock(),
    });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => gate.admit('a')));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, false]);
    expect(results[3]).toMatchObject({ ok: false, reason: 'ip-cap' });
    expect((await gate.admit('b')).ok).toBe(true);
    const first = results[0]!;
    if (!first.ok) throw new Error('unreachable');
    first.release();
    first.release(); // idempotent
    expect(gate.open.get('a')).toBe(2);
    expect((await gate.admit('a')).ok).toBe(true);
    expect((await gate.admit('a')).ok).toBe(false);
  });

  it('refuses over the connection rate, then without asking the limiter until the window ends', async () => {
    const { limiter, calls } = fakeLimiter(2);
    const now = clock();
    const gate = createConnectionGate({ limits: { socketsPerIp: 100, connectsPerIpPerMinute: 2 }, limiter, now });
    expect((await gate.admit('a')).ok).toBe(true);
    expect((await gate.admit('a')).ok).toBe(true);
    expect(await gate.admit('a')).toEqual({ ok: false, reason: 'ip-rate', retryAfterMs: 30_000 });
    expect(calls).toHaveLength(3);
    for (let i = 0; i < 10; i++) expect((await gate.admit('a')).ok).toBe(false);
    expect(calls).toHaveLength(3);
    expect(gate.open.get('a')).toBe(2); // the refused ones hold no slot
    now.advance(30_000);
    await gate.admit('a');
    expect(calls).toHaveLength(4);
  });

  it('admits when the limiter fails, and says so', async () => {
    const errors: unknown[] = [];
    const gate = createConnectionGate({
      limits: { socketsPerIp: 1, connectsPerIpPerMinute: 1 },
      limiter: { hit: async () => Promise.reject(new Error('db down')) },
      now: clock(),
      onLimiterError: (e) => errors.push(e),
    });
    expect((await gate.admit('a')).ok).toBe(true);
    expect(errors).toHaveLength(1);
    expect(await gate.admit('a')).toMatchObject({ ok: false, reason: 'ip-cap' });
  });
});

describe('createAbuseReport', () => {
  it('reports at most one line per interval, with the counts by reason', () => {
    const lines: Array<{ counts: unknown; msg: string }> = [];
    const timers: Array<() => void> = [];
    const report = createAbuseReport({
      warn: (counts, msg) => lines.push({ counts, msg }),
      setTimer: (fn) => {
        timers.push(fn);
        return {};
      },
      clearTimer: () => undefined,
    });
    for (let i = 0; i < 500; i++) report.count('junk');
    for (let i = 0; i < 3; i++) report.count('rate');
    report.count('ip-cap');
    expect(timers).toHaveLength(1);
    expect(lines).toHaveLength(0);
    timers[0]!();
    expect(lines).toEqual([
      {
        counts: { closed: 503, refused: 1, reasons: { junk: 500, rate: 3, 'ip-cap': 1 } },
        msg: 'realtime: closed 503 abusive sockets, refused 1 connections (junk 500, rate 3, ip-cap 1)',
      },
    ]);
    report.stop();
    expect(lines).toHaveLength(1); // nothing new, nothing said
    report.count('oversize');
    expect(timers).toHaveLength(2);
    report.stop();
    expect(lines).toHaveLength(2);
  });
});

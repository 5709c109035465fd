/**
 * The limits of WebSocket /message, as pure state machines over an injected clock (milliseconds,
 * monotonic): what one socket may send, and how many sockets one client address may hold. The
 * socket module applies the verdicts (closes, 429s); nothing here does I/O except the shared
 * limiter handed to the connection gate.
 */

export interface SocketLimits {
  /** Token bucket of inbound frames (text, binary and ping frames): the burst a socket may send at once… */
  burst: number;
  /** …and the frames per second it refills with. */
  perSecond: number;
  /** Frames that are not "ping" nor a known JSON op; the socket is closed at this many. */
  maxJunk: number;
  /** Sign-in attempts (an `auth` with a token, even one refused as busy) per socket per minute. */
  authPerMinute: number;
  /** Concurrent sockets per client address in this process. */
  socketsPerIp: number;
  /** New sockets per client address per minute, counted in the shared (database) limiter. */
  connectsPerIpPerMinute: number;
}

/**
 * The web client sends a "ping" every 30 s and one `auth` per (re)connect, sign-in and sign-out:
 * a few frames a minute. 20 at once and 5 a second leave room for any honest client and for
 * clients not written yet, while a flood is cut off after 20 frames. 5 sign-ins a minute cover
 * a user who signs out and in again; each costs a database look-up, and only one runs at a time.
 * 20 sockets per address allow a household or an office behind one NAT with several tabs each;
 * 60 new sockets a minute let a browser reconnect with backoff through a flaky network.
 */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  burst: 20,
  perSecond: 5,
  maxJunk: 3,
  authPerMinute: 5,
  socketsPerIp: 50,
  connectsPerIpPerMinute: 120,
};

/** Why a socket was closed or a connection refused; counted in the periodic report. */
export type AbuseReason = 'rate' | 'junk' | 'auth' | 'oversize' | 'bad-frame' | 'ip-cap' | 'ip-rate';

export type Now = () => number;

/** A token bucket: `capacity` tokens, refilled continuously at `perSecond`. */
export class TokenBucket {
  #tokens: number;
  #at: number;
  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    now: number,
  ) {
    this.#tokens = capacity;
    this.#at = now;
  }
  /** Takes one token; false (and nothing taken) when the bucket is empty. */
  take(now: number): boolean {
    const elapsed = Math.max(0, now - this.#at);
    this.#at = now;
    this.#tokens = Math.min(this.capacity, this.#tokens + (elapsed * this.perSecond) / 1000);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

/** What an inbound frame is. Anything but "ping" and `{"op":"auth","token":…}` is junk. */
export type Inbound =
  | { kind: 'ping' }
  | { kind: 'auth'; token: unknown }
  /** `{"op":"sub"|"unsub","ch":"spot","pairId":n,"mode":"real"|"demo"}`: a book's pushes, as topic `spot:<pairId>:<mode>`. */
  | { kind: 'sub' | 'unsub'; topic: string }
  | { kind: 'junk' };

/** Subscriptions one socket may hold at once (a page shows one book; a few tabs' worth of slack). */
export const MAX_SUBSCRIPTIONS = 8;

function topicOf(m: Record<string, unknown>): string | null {
  if (m.ch !== 'spot') return null;
  const { pairId, mode } = m;
  if (typeof pairId !== 'number' || !Number.isSafeInteger(pairId) || pairId < 1 || pairId > 1_000_000) return null;
  if (mode !== 'real' && mode !== 'demo') return null;
  return `spot:${pairId}:${mode}`;
}

export function classify(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Inbound {
  if (isBinary) return { kind: 'junk' };
  const text = Array.isArray(data)
    ? Buffer.concat(data).toString()
    : Buffer.isBuffer(data)
      ? data.toString()
      : Buffer.from(data).toString();
  if (text === 'ping') return { kind: 'ping' };
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { kind: 'junk' };
  }
  if (message && typeof message === 'object' && !Array.isArray(message) && 'op' in message) {
    if (message.op === 'auth') return { kind: 'auth', token: (message as { token?: unknown }).token ?? null };
    if (message.op === 'sub' || message.op === 'unsub') {
      const topic = topicOf(message as Record<string, unknown>);
      if (topic) return { kind: message.op, topic };
    }
  }
  return { kind: 'junk' };
}

export type AuthVerdict =
  /** Look the token up; call `authDone` when the look-up has finished. */
  | 'start'
  /** A look-up is already running: refuse this one (it still counts). */
  | 'busy'
  /** Too many attempts: close the socket. */
  | 'close';

/** One socket's budget: frames, junk, and sign-in attempts (one in flight at most). */
export class SocketGuard {
  readonly #bucket: TokenBucket;
  readonly #authAt: number[] = [];
  #junk = 0;
  #authInFlight = false;
  /** Set once the socket is being closed for abuse: everything after is ignored. */
  closed: AbuseReason | null = null;

  constructor(
    readonly limits: Pick<SocketLimits, 'burst' | 'perSecond' | 'maxJunk' | 'authPerMinute'>,
    readonly now: Now,
  ) {
    this.#bucket = new TokenBucket(limits.burst, limits.perSecond, now());
  }

  /** Every inbound frame (pings included); 'rate' when the socket is over its budget. */
  frame(): AbuseReason | null {
    return this.#bucket.take(this.now()) ? null : 'rate';
  }

  /** A junk frame; 'junk' when the socket has sent too many. */
  junk(): AbuseReason | null {
    this.#junk += 1;
    return this.#junk >= this.limits.maxJunk ? 'junk' : null;
  }

  /** A sign-in attempt (an `auth` with a token). */
  auth(): AuthVerdict {
    const now = this.now();
    while (this.#authAt.length > 0 && now - this.#authAt[0]! >= 60_000) this.#authAt.shift();
    if (this.#authAt.length >= this.limits.authPerMinute) return 'close';
    this.#authAt.push(now);
    if (this.#authInFlight) return 'busy';
    this.#authInFlight = true;
    return 'start';
  }

  /** The running look-up has finished (whatever its outcome). */
  authDone(): void {
    this.#authInFlight = false;
  }

  get authInFlight(): boolean {
    return this.#authInFlight;
  }
}

/**
 * The client address a limit is kept for: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its
 * /64 prefix, since one subscriber usually holds a whole /64 and could otherwise take a fresh
 * address for every socket.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail takes two groups; it only ever lies in the low 64 bits.
  const rightGroups = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - rightGroups)).fill('0'), ...right];
  const prefix = groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  while (prefix.length < 4) prefix.push('0');
  return `${prefix.join(':')}::/64`;
}

/** The shared limiter's face as the gate uses it (createRateLimiter in modules/limits). */
export interface HitLimiter {
  hit(key: string, rule: { windowMs: number; max: number }): Promise<{ allowed: boolean; retryAfterMs: number }>;
}

export type Admission =
  | { ok: true; release: () => void }
  | { ok: false; reason: 'ip-cap' | 'ip-rate'; retryAfterMs: number };

/** Addresses remembered as over their connection rate before expired ones are swept. */
const MAX_BLOCKED = 10_000;

/**
 * Admits a new socket for a client address: at most `socketsPerIp` at once in this process (a
 * slot is reserved before the limiter is asked, so concurrent upgrades cannot slip past), and at
 * most `connectsPerIpPerMinute` new ones counted in the shared limiter. An address found over its
 * rate is remembered until its window ends, so its further attempts cost no database statement.
 * A failing limiter admits (the other limits still hold) and is reported through `onLimiterError`.
 */
export function createConnectionGate(deps: {
  limits: Pick<SocketLimits, 'socketsPerIp' | 'connectsPerIpPerMinute'>;
  limiter: HitLimiter;
  now: Now;
  onLimiterError?: (err: unknown) => void;
}) {
  const { limits, limiter, now } = deps;
  const open = new Map<string, number>();
  const blockedUntil = new Map<string, number>();

  const release = (key: string) => {
    const n = (open.get(key) ?? 1) - 1;
    if (n <= 0) open.delete(key);
    else open.set(key, n);
  };

  return {
    /** Sockets held per address (for tests and reports). */
    open,
    async admit(key: string): Promise<Admission> {
      const t = now();
      const until = blockedUntil.get(key);
      if (until !== undefined) {
        if (until > t) return { ok: false, reason: 'ip-rate', retryAfterMs: until - t };
        blockedUntil.delete(key);
      }
      const held = open.get(key) ?? 0;
      if (held >= limits.socketsPerIp) return { ok: false, reason: 'ip-cap', retryAfterMs: 1000 };
      open.set(key, held + 1);
      let released = false;
      const releaseOnce = () => {
        if (released) return;
        released = true;
        release(key);
      };
      try {
        const hit = await limiter.hit(`ws:connect:${key}`, { windowMs: 60_000, max: limits.connectsPerIpPerMinute });
        if (!hit.allowed) {
          releaseOnce();
          if (blockedUntil.size >= MAX_BLOCKED) {
            const t2 = now();
            for (const [k, u] of blockedUntil) if (u <= t2) blockedUntil.delete(k);
          }
          if (blockedUntil.size < MAX_BLOCKED) blockedUntil.set(key, now() + hit.retryAfterMs);
          return { ok: false, reason: 'ip-rate', retryAfterMs: hit.retryAfterMs };
        }
      } catch (err) {
        deps.onLimiterError?.(err);
      }
      return { ok: true, release: releaseOnce };
    },
  };
}

/**
 * Counts abusive sockets and refused connections and reports them in one line per interval at
 * most, so an attack costs a log line every `intervalMs`, not one per frame or socket.
 */
export function createAbuseReport(deps: {
  warn: (counts: { closed: number; refused: number; reasons: Record<string, number> }, msg: string) => void;
  intervalMs?: number;
  setTimer?: (fn: () => void, ms: number) => { unref?: () => unknown };
  clearTimer?: (handle: unknown) => void;
}) {
  const intervalMs = deps.intervalMs ?? 10_000;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let reasons: Record<string, number> = {};
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    const counts = reasons;
    reasons = {};
    let closed = 0;
    let refused = 0;
    for (const [reason, n] of Object.entries(counts)) {
      if (reason === 'ip-cap' || reason === 'ip-rate') refused += n;
      else if (reason !== 'limiter-error' && reason !== 'auth-error') closed += n;
    }
    if (Object.keys(counts).length === 0) return;
    const detail = Object.entries(counts)
      .map(([r, n]) => `${r} ${n}`)
      .join(', ');
    deps.warn(
      { closed, refused, reasons: counts },
      `realtime: closed ${closed} abusive sockets, refused ${refused} connections (${detail})`,
    );
  };

  return {
    count(reason: AbuseReason | 'limiter-error' | 'auth-error') {
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      if (timer === null) {
        const handle = setTimer(flush, intervalMs);
        handle.unref?.();
        timer = handle;
      }
    },
    /** Reports what is pending now and stops the timer (on shutdown). */
    stop() {
      if (timer !== null) clearTimer(timer);
      flush();
    },
  };
}

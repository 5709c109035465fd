import { LIVE_FEED_PATH } from '@/shared/config/constants';

/** One element of a pushed quote batch (contracts QuoteTick); read by the live-quotes store. */
export type Quote = Record<string, unknown>;

export interface LiveFeedOptions {
  url: string;
  onQuotes?(quotes: Quote[]): void;
  onMessage?(message: Record<string, unknown>): void;
  /** The session token to sign the socket in with (private pushes), sent on every (re)connect. */
  getToken?(): string | null;
  createSocket?(url: string): WebSocket;
  log?: Pick<Console, 'warn'>;
  /** Backoff: first retry after baseDelayMs, doubling up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?(): number;
  setTimer?(fn: () => void, ms: number): unknown;
  heartbeatMs?: number;
  clearTimer?(handle: unknown): void;
}

type ChannelListener = (message: Record<string, unknown>) => void;
const channelListeners = new Map<string, Set<ChannelListener>>();

/**
 * Listens to the private pushes of one channel (`{"ch": "notifications", …}`) on whichever feed is
 * open, so a feature can follow its channel without the feed knowing the feature. Returns the
 * unsubscribe function.
 */
export function onLiveChannel(ch: string, listener: ChannelListener): () => void {
  let set = channelListeners.get(ch);
  if (!set) {
    set = new Set();
    channelListeners.set(ch, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Hands a pushed object to its channel's listeners (each in its own try: one failing does not stop the rest). */
export function dispatchChannel(message: Record<string, unknown>, log: Pick<Console, 'warn'> = console): void {
  if (typeof message.ch !== 'string') return;
  for (const listener of channelListeners.get(message.ch) ?? []) {
    try {
      listener(message);
    } catch (error) {
      log.warn('[live-feed] channel listener failed', error);
    }
  }
}

/** A subscription pages hold on the feed (a spot book's pushes), by its frame; counted, so two holders share one. */
interface Topic {
  frame: Record<string, unknown>;
  holders: number;
  onResubscribed: Set<() => void>;
}
const topics = new Map<string, Topic>();
/** Senders of the feeds whose socket is open now (one in the app; tests open several). */
const openSenders = new Set<(text: string) => void>();

const sendToAll = (text: string) => {
  for (const send of openSenders) send(text);
};

/**
 * Subscribes to a topic of /message (`{"op":"sub", …frame}`) for as long as the returned function is
 * not called (then `{"op":"unsub", …frame}` once no one holds it). Every socket that opens later
 * subscribes again and calls `onResubscribed`: what was pushed while it was away is lost, so a
 * holder that follows a state (a book) fetches it again.
 */
export function subscribeLive(frame: Record<string, unknown>, onResubscribed?: () => void): () => void {
  const key = JSON.stringify(frame);
  let topic = topics.get(key);
  if (!topic) {
    topic = { frame, holders: 0, onResubscribed: new Set() };
    topics.set(key, topic);
    sendToAll(JSON.stringify({ op: 'sub', ...frame }));
  }
  topic.holders += 1;
  const listener = onResubscribed ? () => onResubscribed() : null;
  if (listener) topic.onResubscribed.add(listener);
  let held = true;
  return () => {
    if (!held || !topic) return;
    held = false;
    if (listener) topic.onResubscribed.delete(listener);
    topic.holders -= 1;
    if (topic.holders === 0) {
      topics.delete(key);
      sendToAll(JSON.stringify({ op: 'unsub', ...frame }));
    }
  };
}

/** After a socket opened: its subscriptions again, then each holder is told (see subscribeLive). */
function resubscribe(send: (text: string) => void, log: Pick<Console, 'warn'>): void {
  for (const topic of topics.values()) send(JSON.stringify({ op: 'sub', ...topic.frame }));
  for (const topic of [...topics.values()]) {
    for (const listener of topic.onResubscribed) {
      try {
        listener();
      } catch (error) {
        log.warn('[live-feed] resubscribe listener failed', error);
      }
    }
  }
}

export function backoffDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const exp = Math.min(maxMs, baseMs * 2 ** attempt);
  // Full jitter between half and all of the delay, so many clients do not reconnect in step.
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/**
 * The WebSocket at /message (spec §7). Quote batches are bare JSON arrays; other pushes are
 * objects with a `ch` field. Errors are only logged; a closed socket reconnects with backoff.
 */
export function connectLiveFeed(options: LiveFeedOptions): { close(): void; reauth(): void } {
  const {
    url,
    createSocket = (u) => new WebSocket(u),
    log = console,
    baseDelayMs = 1_000,
    maxDelayMs = 30_000,
    random = Math.random,
    setTimer = (fn, ms) => setTimeout(fn, ms),
    clearTimer = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    heartbeatMs = 30_000,
  } = options;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let timer: unknown = null;
  let closed = false;
  const send = (text: string) => {
    if (socket?.readyState === 1) socket.send(text);
  };

  const open = () => {
    timer = null;
    if (closed) return;
    try {
      socket = createSocket(url);
    } catch (error) {
      log.warn('[live-feed] could not open', error);
      scheduleReconnect();
      return;
    }
    socket.onopen = () => {
      attempt = 0;
      sendAuth();
      openSenders.add(send);
      resubscribe(send, log);
    };
    // Keeps idle connections from being dropped by proxies; the server answers "pong".
    const heartbeat = setInterval(() => {
      if (socket?.readyState === 1) socket.send('ping');
    }, heartbeatMs);
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string' || event.data === 'pong') return;
      try {
        const data: unknown = JSON.parse(event.data);
        if (Array.isArray(data)) options.onQuotes?.(data as Quote[]);
        else if (data && typeof data === 'object') {
          options.onMessage?.(data as Record<string, unknown>);
          dispatchChannel(data as Record<string, unknown>, log);
        }
      } catch (error) {
        log.warn('[live-feed] unreadable message', error);
      }
    };
    socket.onerror = (event) => {
      log.warn('[live-feed] error', event);
    };
    socket.onclose = () => {
      openSenders.delete(send);
      clearInterval(heartbeat);
      socket = null;
      scheduleReconnect();
    };
  };

  /** Signs the socket in (or out, with a null token) when it is open; the server answers `{"ch":"auth"}`. */
  const sendAuth = () => {
    if (!options.getToken || socket?.readyState !== 1) return;
    socket.send(JSON.stringify({ op: 'auth', token: options.getToken() }));
  };

  const scheduleReconnect = () => {
    if (closed || timer !== null) return;
    timer = setTimer(open, backoffDelayMs(attempt, baseDelayMs, maxDelayMs, random));
    attempt += 1;
  };

  open();
  return {
    reauth: sendAuth,
    close() {
      closed = true;
      openSenders.delete(send);
      if (timer !== null) clearTimer(timer);
      socket?.close();
    },
  };
}

export function liveFeedUrl(loc: Location = window.location): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}${LIVE_FEED_PATH}`;
}

import { Redis } from 'ioredis';

/** A message on the bus: the outbox row's id (consumers dedupe by it), its topic and payload. */
export interface BusMessage<T = unknown> {
  id: number;
  topic: string;
  payload: T;
}

export type BusHandler = (message: BusMessage) => void;

/**
 * Fan-out between server processes: every subscriber in every process hears every message. It
 * carries what each process does for its own clients (pushes to its sockets, cache invalidation);
 * work that must happen once (storing a notification, sending a mail) is done in the business
 * transaction or by a relay that claims rows, never by a bus subscriber.
 */
export interface Bus {
  /** Resolves once the bus can deliver (Redis: subscribed). */
  ready(): Promise<void>;
  publish(messages: readonly BusMessage[]): Promise<void>;
  subscribe(topic: string, handler: BusHandler): () => void;
  close(): Promise<void>;
  readonly kind: 'local' | 'redis';
}

/** Handlers by topic, each called in its own try: one failing consumer does not stop the others. */
function createDispatcher(onError: (err: unknown, topic: string) => void) {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    dispatch(message: BusMessage) {
      for (const h of handlers.get(message.topic) ?? []) {
        try {
          h(message);
        } catch (err) {
          onError(err, message.topic);
        }
      }
    },
    subscribe(topic: string, handler: BusHandler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
  };
}

/** One process: publishing calls the subscribers directly. */
export function createLocalBus(opts: { onError: (err: unknown, topic: string) => void }): Bus {
  const d = createDispatcher(opts.onError);
  return {
    kind: 'local',
    async ready() {},
    async publish(messages) {
      for (const m of messages) d.dispatch(m);
    },
    subscribe: d.subscribe,
    async close() {},
  };
}

export const DEFAULT_CHANNEL = 'openbourse:events';

/**
 * Several processes: Redis pub/sub on one channel. Publishing resolves once Redis has taken the
 * messages (the relay then marks them published); a process that is disconnected misses what is
 * published meanwhile, which is why pushes are hints and clients refetch state over HTTP.
 */
export function createRedisBus(opts: {
  url: string;
  /** One channel per installation (several may share a Redis). */
  channel?: string;
  onError: (err: unknown, topic: string) => void;
}): Bus {
  const channel = opts.channel ?? DEFAULT_CHANNEL;
  const d = createDispatcher(opts.onError);
  const pub = new Redis(opts.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(opts.url, { lazyConnect: false });
  pub.on('error', (err) => opts.onError(err, 'redis'));
  sub.on('error', (err) => opts.onError(err, 'redis'));
  const ready = sub.subscribe(channel);
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let batch: BusMessage[];
    try {
      batch = JSON.parse(text) as BusMessage[];
    } catch (err) {
      opts.onError(err, 'redis');
      return;
    }
    for (const m of batch) d.dispatch(m);
  });
  return {
    kind: 'redis',
    async ready() {
      await ready;
    },
    async publish(messages) {
      if (messages.length === 0) return;
      await ready;
      await pub.publish(channel, JSON.stringify(messages));
    },
    subscribe: d.subscribe,
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}

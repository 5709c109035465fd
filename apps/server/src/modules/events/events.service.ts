import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Bus, type BusHandler, type BusMessage, createLocalBus, createRedisBus } from './events.bus.ts';
import { createRelay, eventPart, ownEventPart, type RelayOptions, writeEvent } from './events.outbox.ts';

export interface EventsLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Events after commit (DESIGN §6): a business transaction calls `write` with its executor, and
 * `published()` once it has committed; the relay publishes the row to the bus (in process by
 * default, Redis pub/sub with REDIS_URL) and every process's subscribers hear it.
 */
export function createEvents(deps: {
  db: Db;
  clock: Clock;
  log: EventsLog;
  redisUrl?: string | undefined;
  redisChannel?: string;
  relay?: Partial<RelayOptions>;
}) {
  const onError = (err: unknown, topic: string) =>
    deps.log.error({ err: err instanceof Error ? err.message : String(err), topic }, 'events: consumer failed');
  const bus: Bus = deps.redisUrl
    ? createRedisBus({ url: deps.redisUrl, onError, ...(deps.redisChannel ? { channel: deps.redisChannel } : {}) })
    : createLocalBus({ onError });
  const relay = createRelay({
    db: deps.db,
    bus,
    clock: deps.clock,
    log: deps.log,
    ...(deps.relay ? { options: deps.relay } : {}),
  });
  return {
    bus,
    relay,
    /** Records an event in the caller's transaction. */
    write: (exec: Executor, topic: string, payload: unknown) => writeEvent(exec, deps.clock, topic, payload),
    /** An event as a part of the caller's bundle (db/raw.ts), instead of a statement of its own. */
    part: (name: string, topic: string, payload: unknown) => eventPart(deps.clock, name, topic, payload),
    /**
     * An event as a part of the caller's bundle that the caller publishes itself after commit
     * (`publishOwn` with the id the bundle answers): no relay round trips for it.
     */
    ownPart: (name: string, topic: string, payload: unknown) =>
      ownEventPart(deps.clock, name, topic, payload, relay.claimMs),
    /** Publishes events written with `ownPart`, once their transaction has committed. */
    publishOwn: (messages: readonly BusMessage[]) => relay.publishOwn(messages),
    /** After the transaction that wrote events has committed: publish them now, not at the next poll. */
    published: () => relay.kick(),
    subscribe: (topic: string, handler: BusHandler) => bus.subscribe(topic, handler),
    /** Deletes published rows past their keeping time (the `events.sweep` job). */
    sweep: () => relay.sweep(),
    async start() {
      await bus.ready();
      relay.start();
    },
    async stop() {
      await relay.stop();
      await bus.close();
    },
  };
}

export type Events = ReturnType<typeof createEvents>;

import type { ManualClock } from '../../lib/clock.ts';

/**
 * Timers enter through a scheduler so tests advance time instead of waiting (DESIGN §1.4).
 * Every timer returns its own cancel function; a stopped component cancels all of its timers.
 */
export type Cancel = () => void;

export interface Scheduler {
  every(ms: number, fn: () => void): Cancel;
  after(ms: number, fn: () => void): Cancel;
}

export const realScheduler: Scheduler = {
  every(ms, fn) {
    const h = setInterval(fn, ms);
    h.unref();
    return () => clearInterval(h);
  },
  after(ms, fn) {
    const h = setTimeout(fn, ms);
    h.unref();
    return () => clearTimeout(h);
  },
};

interface ManualTimer {
  seq: number;
  due: number;
  periodMs: number | null;
  fn: () => void;
}

/** A scheduler driven by a ManualClock: `advance(ms)` fires due timers in time order. */
export class ManualScheduler implements Scheduler {
  readonly #clock: ManualClock;
  #timers: ManualTimer[] = [];
  #seq = 0;

  constructor(clock: ManualClock) {
    this.#clock = clock;
  }

  get pending(): number {
    return this.#timers.length;
  }

  every(ms: number, fn: () => void): Cancel {
    return this.#add(ms, ms, fn);
  }

  after(ms: number, fn: () => void): Cancel {
    return this.#add(ms, null, fn);
  }

  #add(ms: number, periodMs: number | null, fn: () => void): Cancel {
    const timer: ManualTimer = { seq: this.#seq++, due: this.#clock.now().getTime() + ms, periodMs, fn };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  /** Moves the clock forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const target = this.#clock.now().getTime() + ms;
    for (;;) {
      const next = this.#timers.filter((t) => t.due <= target).sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
      if (!next) break;
      this.#clock.set(new Date(next.due));
      if (next.periodMs === null) this.#timers = this.#timers.filter((t) => t !== next);
      else next.due += Math.max(1, next.periodMs);
      next.fn();
    }
    this.#clock.set(new Date(target));
  }
}

import type { Clock } from './clock.ts';

/**
 * Fixed-window counter per key, in process. Enough for one node; a multi-node deployment swaps in a
 * Redis-backed limiter with the same interface.
 */
export interface RateLimiter {
  /** Counts one hit; false when the key is over its limit for the current window. */
  hit(key: string): boolean;
}

export function createRateLimiter(opts: { windowMs: number; max: number; clock: Clock }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;
  return {
    hit(key) {
      const now = opts.clock.now().getTime();
      if (now - lastSweep > opts.windowMs) {
        for (const [k, w] of windows) if (now - w.start >= opts.windowMs) windows.delete(k);
        lastSweep = now;
      }
      const w = windows.get(key);
      if (!w || now - w.start >= opts.windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= opts.max;
    },
  };
}

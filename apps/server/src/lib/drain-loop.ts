/**
 * Runs `work` (drain what is waiting, return how many) every `pollMs`, and at once when kicked:
 * one run at a time, and a kick during a run runs again right after it, so nothing kicked waits
 * for the next poll. Used by the outbox relays.
 */
export function createDrainLoop(opts: {
  pollMs: number;
  work: () => Promise<number>;
  onError: (err: unknown) => void;
}) {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let n = 0;
      do {
        again = false;
        try {
          n += await opts.work();
        } catch (err) {
          opts.onError(err);
        }
      } while (again && !stopped);
      return n;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void drain().finally(schedule), opts.pollMs);
    timer.unref();
  };

  return {
    /** Runs now (after a transaction that left work has committed). */
    kick(): void {
      if (!stopped) void drain();
    },
    /** Runs now and resolves when done (tests, shutdown). */
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

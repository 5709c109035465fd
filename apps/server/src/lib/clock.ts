/** Time enters through a clock so schedulers and expiries are testable by advancing it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-01-01T00:00:00Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(date: Date | string): void {
    this.#ms = new Date(date).getTime();
  }
}

/**
 * For browser journeys only (`CLOCK_OFFSET_FILE`): the system clock shifted by the milliseconds
 * written in a file, so a test can move a running server days ahead (loan interest, expiries)
 * without restarting it. The file is read again when its modification time changes, at most every
 * 100 ms; a missing or unreadable file is an offset of 0.
 */
export function offsetFileClock(
  file: string,
  fs: {
    statSync(p: string, o: { throwIfNoEntry: false }): { mtimeMs: number } | undefined;
    readFileSync(p: string, e: 'utf8'): string;
  },
  base: Clock = systemClock,
): Clock {
  let offset = 0;
  let seenMtime = -1;
  let checkedAt = 0;
  return {
    now() {
      const t = base.now().getTime();
      if (Math.abs(t - checkedAt) >= 100) {
        checkedAt = t;
        try {
          const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
          if (mtime !== seenMtime) {
            seenMtime = mtime;
            const n = mtime === 0 ? 0 : Number(fs.readFileSync(file, 'utf8').trim());
            offset = Number.isSafeInteger(n) ? n : 0;
          }
        } catch {
          offset = 0;
        }
      }
      return new Date(t + offset);
    },
  };
}

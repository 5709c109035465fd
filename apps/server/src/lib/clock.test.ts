import { describe, expect, it } from 'vitest';
import { ManualClock, offsetFileClock } from './clock.ts';

describe('offsetFileClock', () => {
  it('runs ahead by the file’s milliseconds, rereads it when it changes, and is the base clock without it', () => {
    const base = new ManualClock('2026-01-01T00:00:00Z');
    const files = new Map<string, { text: string; mtimeMs: number }>();
    const fs = {
      statSync: (p: string) => files.get(p),
      readFileSync: (p: string) => files.get(p)?.text ?? '',
    };
    const clock = offsetFileClock('/x/offset', fs, base);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    files.set('/x/offset', { text: String(5 * 86_400_000), mtimeMs: 1 });
    // Read again only after 100 ms of the base clock.
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    base.advance(100);
    expect(clock.now().toISOString()).toBe('2026-01-06T00:00:00.100Z');
    files.set('/x/offset', { text: 'junk', mtimeMs: 2 });
    base.advance(100);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.200Z');
  });
});

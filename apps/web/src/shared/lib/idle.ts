/**
 * Runs `fn` once the main thread has nothing more urgent to do (requestIdleCallback), and at the
 * latest after `timeoutMs`. Where the browser has no idle callbacks (Safari, jsdom) it runs after a
 * short timer. Returns a function that cancels the call.
 */
export function whenIdle(fn: () => void, timeoutMs = 2_000): () => void {
  const win = globalThis as typeof globalThis & {
    requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  if (typeof win.requestIdleCallback === 'function' && typeof win.cancelIdleCallback === 'function') {
    const handle = win.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => win.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(fn, 1);
  return () => clearTimeout(timer);
}

/**
 * Lets the browser run other tasks (input, rendering) before the caller continues: splits a long
 * piece of work into tasks short enough not to block the page.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The server's time as this browser best knows it. Expiries and quote deadlines are the server's
 * epoch ms; a device clock that runs fast or slow would count them down wrongly, so the difference
 * is measured from what the server stamps: a pushed tick as it arrives, an order's opening time.
 */
let offsetMs = 0;

/** The server said it is `serverMs` now (a tick just pushed, an order just opened). */
export function noteServerTime(serverMs: number): void {
  offsetMs = serverMs - Date.now();
}

export const serverNow = () => Date.now() + offsetMs;

/** For tests. */
export function resetServerClock(): void {
  offsetMs = 0;
}

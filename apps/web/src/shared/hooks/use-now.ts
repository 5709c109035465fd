import { useEffect, useRef, useState } from 'react';
import { useLiveQuote } from '@/shared/lib/live-quotes';
import { noteServerTime, serverNow } from '@/shared/lib/server-clock';

/** The server's time now, re-read every `everyMs` while `active`: drives countdowns. */
export function useNow(active = true, everyMs = 1_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(id);
  }, [active, everyMs]);
  return now;
}

/**
 * Keeps the server's time from an instrument's pushed ticks. Only ticks that arrive while mounted
 * count: the one already held may be old (a closed market pushes none).
 */
export function useServerClockFrom(instrumentId: number | undefined): void {
  const tick = useLiveQuote(instrumentId ?? -1);
  const first = useRef(tick?.ts);
  useEffect(() => {
    if (tick && tick.ts !== first.current) noteServerTime(tick.ts);
  }, [tick]);
}

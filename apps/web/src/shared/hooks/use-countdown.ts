import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `start(seconds)`'s deadline, ticking once a second; 0 when idle. */
export function useCountdown(now: () => number = Date.now) {
  const [deadline, setDeadline] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setDeadline(0);
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline, now]);

  const start = useCallback(
    (seconds: number) => {
      setLeft(Math.max(0, Math.ceil(seconds)));
      setDeadline(now() + Math.max(0, seconds) * 1000);
    },
    [now],
  );

  return { secondsLeft: left, running: left > 0, start };
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/hooks/use-format';
import { ltr } from '@/shared/lib/format';
import { timeLeft } from '../lib/plan';

/** Now, ticking once a second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * The time left until the next payout, live ("in 13:04:59"); once it has come, "being paid" until
 * the plans are fetched again with the day paid.
 */
export function Countdown({ at, testId }: { at: number; testId?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const left = timeLeft(at, useNow());
  let text: string;
  if (!left) text = t('trading.plan.paying');
  else if (left.days > 0) text = t('trading.plan.inDays', { days: format.integer(left.days), clock: ltr(left.clock) });
  else text = t('trading.plan.inClock', { clock: ltr(left.clock) });
  return (
    <time className="smart-countdown" dateTime={new Date(at).toISOString()} data-testid={testId}>
      {text}
    </time>
  );
}

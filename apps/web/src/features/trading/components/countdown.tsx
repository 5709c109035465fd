import { DAY_MS } from '@openbourse/money';
import { useEffect, useMemo, useState } from 'react';
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
 * the plans are fetched again with the day paid. A payout is never more than a day away on the
 * server's clock (the day before it has begun there): a device clock behind by more than that is
 * moved up to the day's start, so the countdown stays within the day instead of counting the
 * device's error.
 */
export function Countdown({ at, testId }: { at: number; testId?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const now = useNow();
  // Measured once per payout time, as it arrives.
  const behind = useMemo(() => Math.max(0, at - DAY_MS + 1000 - Date.now()), [at]);
  // `now` may be up to a tick older than that measure: never show more than the day.
  const left = timeLeft(at, Math.max(now + behind, at - DAY_MS + 1000));
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

import type { WithdrawalQuote } from '@openbourse/contracts/funding.ts';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/shared/components/skeleton';
import { useFormat } from '@/shared/hooks/use-format';
import { limitLeft } from '../lib/withdraw-max';

/**
 * The server's quote of a withdrawal, before the user confirms: what it costs (fee, total held),
 * what arrives, and what the network, today's limit and the balance allow. Without an amount the
 * costs read "—".
 */
export function WithdrawQuote({
  quote,
  scale,
  loading,
  stacked,
  testId = 'withdraw-quote',
}: {
  quote: WithdrawalQuote | undefined;
  scale: number;
  loading?: boolean;
  /** One column whatever the width (the confirm dialog sizes itself to its content). */
  stacked?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!quote) {
    return (
      <div className="withdraw-quote" data-testid={testId} aria-busy="true">
        <Skeleton width="100%" />
        <Skeleton width="70%" />
      </div>
    );
  }
  const money = (value: string | null) =>
    value === null ? t('wallet.withdraw.none') : format.money(value, quote.currency);
  const rows: { key: string; label: string; value: string; strong?: boolean }[] = [
    { key: 'feeRate', label: t('wallet.withdraw.quote.feeRate'), value: format.percent(quote.feeRate) },
    { key: 'fee', label: t('wallet.withdraw.quote.fee'), value: money(quote.fee) },
    { key: 'total', label: t('wallet.withdraw.quote.total'), value: money(quote.total), strong: true },
    { key: 'received', label: t('wallet.withdraw.quote.received'), value: money(quote.received), strong: true },
    { key: 'minimum', label: t('wallet.withdraw.quote.minimum'), value: money(quote.minWithdraw) },
    { key: 'limitLeft', label: t('wallet.withdraw.quote.limitLeft'), value: money(limitLeft(quote, scale)) },
    { key: 'available', label: t('wallet.withdraw.quote.available'), value: money(quote.available) },
  ];
  return (
    <section
      className={`withdraw-quote ${stacked ? 'withdraw-quote--stacked' : ''} ${loading ? 'is-loading' : ''}`.trim()}
      aria-label={t('wallet.withdraw.quote.title')}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      <dl className="withdraw-quote__list">
        {rows.map((row) => (
          <div key={row.key} className={row.strong ? 'is-strong' : undefined}>
            <dt>{row.label}</dt>
            <dd data-testid={`${testId}-${row.key}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

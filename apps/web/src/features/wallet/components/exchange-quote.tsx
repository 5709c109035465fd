import type { ExchangeQuote } from '@openbourse/contracts/exchange.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { useFormat } from '@/shared/hooks/use-format';
import { FeeDiscountNote } from '@/features/profile/level/fee-discount';

/** Seconds left until `expiresAt` (epoch ms), 0 once past. */
const secondsLeft = (expiresAt: number) => Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000));

/** `secondsLeft`, ticking once a second. */
function useSecondsLeft(expiresAt: number): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(expiresAt));
  useEffect(() => {
    setSeconds(secondsLeft(expiresAt));
    const timer = setInterval(() => setSeconds(secondsLeft(expiresAt)), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return seconds;
}

/**
 * The server's quote before the user confirms: what is paid and received, the rate, the spread
 * inside it, and the two recorded ticks that priced it, with the time left to confirm.
 */
export function ExchangeQuotePanel({
  quote,
  confirming,
  expired: refusedAsExpired,
  onConfirm,
  onRefresh,
}: {
  quote: ExchangeQuote;
  confirming: boolean;
  /** The server refused it as expired (a clock ahead of the user's). */
  expired: boolean;
  onConfirm(): void;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const seconds = useSecondsLeft(quote.expiresAt);
  const expired = refusedAsExpired || seconds === 0;
  // The price reads left to right; the tick's words follow the page's direction and font.
  const price = (value: string, tickId: number | null) => (
    <>
      <span dir="ltr">{format.money(value, 'USDT')}</span>
      {tickId === null ? null : (
        <span className="exchange-quote__tick"> · {t('wallet.exchange.quote.tick', { id: tickId })}</span>
      )}
    </>
  );
  const rows: { key: string; label: string; value: ReactNode; strong?: boolean }[] = [
    { key: 'pay', label: t('wallet.exchange.quote.pay'), value: format.money(quote.amount, quote.from) },
    {
      key: 'receive',
      label: t('wallet.exchange.quote.receive'),
      value: format.money(quote.receive, quote.to),
      strong: true,
    },
    {
      key: 'rate',
      label: t('wallet.exchange.quote.rate'),
      value: `1 ${quote.from} = ${format.decimal(quote.rate, { minFractionDigits: 2, maxFractionDigits: 10 })} ${quote.to}`,
    },
    {
      key: 'spread',
      label: t('wallet.exchange.quote.spread'),
      value: (
        <>
          {format.percent(String(quote.spreadBps / 10_000))}
          <FeeDiscountNote discount={quote.feeDiscount} />
        </>
      ),
    },
    ...(quote.from === 'USDT'
      ? []
      : [
          {
            key: 'fromPrice',
            label: t('wallet.exchange.quote.price', { currency: quote.from }),
            value: price(quote.fromPrice, quote.fromTickId),
          },
        ]),
    ...(quote.to === 'USDT'
      ? []
      : [
          {
            key: 'toPrice',
            label: t('wallet.exchange.quote.price', { currency: quote.to }),
            value: price(quote.toPrice, quote.toTickId),
          },
        ]),
  ];
  return (
    <section className="exchange-quote" aria-live="polite" data-testid="exchange-quote">
      <header className="exchange-quote__head">
        <h3>{t('wallet.exchange.quote.title')}</h3>
        {expired ? null : (
          <span className="exchange-quote__timer" data-testid="exchange-quote-timer">
            {t('wallet.exchange.quote.expiresIn', { seconds })}
          </span>
        )}
      </header>
      <dl className="exchange-quote__rows">
        {rows.map((r) => (
          <div
            key={r.key}
            className={r.strong ? 'exchange-quote__row exchange-quote__row--strong' : 'exchange-quote__row'}
          >
            <dt>{r.label}</dt>
            <dd dir={typeof r.value === 'string' ? 'ltr' : undefined} data-testid={`exchange-quote-${r.key}`}>
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="wallet-note">{t('wallet.exchange.quote.note')}</p>
      {expired ? (
        <>
          <p className="exchange-quote__expired" role="alert" data-testid="exchange-quote-expired">
            {t('wallet.exchange.quote.expired')}
          </p>
          <Button type="button" size="lg" block variant="secondary" onClick={onRefresh} data-testid="exchange-refresh">
            {t('wallet.exchange.quote.refresh')}
          </Button>
        </>
      ) : (
        <Button type="button" size="lg" block loading={confirming} onClick={onConfirm} data-testid="exchange-confirm">
          {t('wallet.exchange.confirm')}
        </Button>
      )}
    </section>
  );
}

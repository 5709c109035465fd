import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { MarketInfo } from '@openbourse/contracts/market.ts';
import type { OptionQuote } from '@openbourse/contracts/options.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { Modal } from '@/shared/components/modal';
import { toast } from '@/shared/components/toast/toast-store';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { trimDecimal } from '@/shared/lib/decimal';
import { useInstrumentName } from '@/shared/lib/instrument-name';
import { useBuyOptions } from '../api/options';
import { useNow, useServerClockFrom } from '@/shared/hooks/use-now';
import { noteServerTime } from '@/shared/lib/server-clock';
import { bpsToFraction } from '../lib/option-figures';
import { capPriceOf } from '../lib/option-math';
import { DirectionBadge, Row, useOptionFormat, useTraced } from './option-parts';

/**
 * A quote before it is bought: every figure that prices it, the payout rule in words, and the
 * quote's own countdown. Past it (or when the server says 40061) it offers a new quote.
 */
export function QuoteDialog({
  quote,
  info,
  requoting,
  onRequote,
  onClose,
}: {
  quote: OptionQuote;
  info: MarketInfo;
  requoting: boolean;
  onRequote(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const f = useOptionFormat();
  const name = useInstrumentName()(info.code, info.name);
  const buy = useBuyOptions();
  // The quote the server refused as expired (its id): a new quote clears it.
  const [refusedId, setRefusedId] = useState<string | null>(null);
  useServerClockFrom(info.id);
  const now = useNow();
  const msLeft = quote.expiresAt - now;
  const expired = msLeft <= 0 || refusedId === quote.quoteId;
  // Trailing zeros of the exact product dropped, the price's own decimals kept ("99,750.525", "99,750.50").
  const capPrice = trimDecimal(capPriceOf(quote.price, quote.capMove, quote.direction));
  const money = (v: string) => f.money(v, quote.currency);
  const ticks = useTraced();

  const confirm = async () => {
    try {
      const { result: order } = await buy.mutateAsync({ quoteId: quote.quoteId });
      noteServerTime(order.openedAt);
      toast.success(
        t('options.bought', {
          direction: t(`options.direction.${order.direction}`),
          code: order.code,
          period: f.period(order.period),
          strike: f.price(order.strike),
          tick: order.openTickId,
        }),
        { side: order.direction === 'call' ? 'buy' : 'sell' },
      );
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.is(ErrorCode.OptionQuoteExpired)) {
        setRefusedId(quote.quoteId);
        return;
      }
      toast.error(errorMessage(error));
      onClose();
    }
  };

  return (
    <Modal open onClose={onClose} title={t('options.quote.title')} testId="options-quote-dialog">
      <div className="confirm">
        <div className="opt-quote-head">
          <DirectionBadge direction={quote.direction} />
          <span className="pos__name">
            {name} ({quote.code})
          </span>
          <span className="pos__meta">{f.period(quote.period, 'long')}</span>
          <span className="pos__meta" data-testid="quote-mode">
            {quote.mode === 'demo' ? t('options.ticket.demoAccount') : t('options.ticket.realAccount')}
          </span>
        </div>
        <dl className="confirm__list">
          <Row label={t('options.quote.premium')} testId="quote-premium" strong>
            {money(quote.amount)}
          </Row>
          <Row label={t('options.quote.volatility')} testId="quote-volatility">
            {f.percent(quote.volatility, 2)}
          </Row>
          <Row label={t('options.quote.modelRate')} testId="quote-model-rate">
            {f.percent(quote.modelRate, 6)}
          </Row>
          <Row label={t('options.quote.spread')} testId="quote-spread">
            {f.percent(bpsToFraction(quote.spreadBps), 2)}
          </Row>
          <Row label={t('options.quote.rate')} testId="quote-rate">
            {f.percent(quote.rate, 6)}
          </Row>
          <Row label={t('options.quote.maxPayout')} testId="quote-max-payout" strong>
            {money(quote.maxPayout)}
          </Row>
          <Row label={t('options.quote.strike')} testId="quote-strike">
            {f.price(quote.price)} {ticks.ref(quote.tickId, 'quote-tick')}
          </Row>
          <Row label={t('options.quote.quantity')} testId="quote-quantity">
            {f.quantity(quote.quantity)}
          </Row>
          <Row label={t('options.quote.capPrice')} testId="quote-cap-price">
            {f.price(capPrice, quote.price)}
          </Row>
          <Row label={t('options.quote.expiry')} testId="quote-expiry">
            {f.time(now + quote.period * 1000)}
          </Row>
        </dl>
        {ticks.trace}
        <p className="opt-rule" data-testid="quote-rule">
          {t(`options.quote.rule.${quote.direction}`, {
            quantity: f.quantity(quote.quantity),
            strike: f.price(quote.price),
            cap: f.percent(quote.capMove, 2),
            capPrice: f.price(capPrice, quote.price),
            maxPayout: money(quote.maxPayout),
            premium: money(quote.amount),
          })}
        </p>
        <p className="market-note">{t('options.quote.strikeNote')}</p>
        {expired ? (
          <div className="opt-expired" role="alert" data-testid="quote-expired">
            <p>{t('options.quote.expired')}</p>
            <Button size="sm" loading={requoting} onClick={onRequote} data-testid="quote-renew">
              {t('options.quote.renew')}
            </Button>
          </div>
        ) : (
          <p className="opt-countdown" data-testid="quote-countdown" aria-live="off">
            {t('options.quote.holds', { time: f.countdown(msLeft) })}
          </p>
        )}
        <div className="confirm__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('options.quote.cancel')}
          </Button>
          <Button
            className={`ticket__submit--${quote.direction === 'call' ? 'buy' : 'sell'}`}
            loading={buy.isPending}
            disabled={expired}
            onClick={() => void confirm()}
            data-testid="quote-confirm"
          >
            {t('options.quote.confirm', { premium: money(quote.amount) })}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

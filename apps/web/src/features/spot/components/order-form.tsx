import {
  SPOT_STATUS,
  type SpotOrder,
  type SpotPair,
  type SpotPreviewRequest,
  type SpotSide,
  type SpotSubmitRequest,
  SpotTimeInForce,
} from '@openbourse/contracts/spot.ts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { Modal } from '@/shared/components/modal';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { errorMessage } from '@/shared/lib/api-client';
import { compareDecimal, signOf } from '@/shared/lib/decimal';
import { useSubmitSpotOrder } from '../api/submit-spot-order';
import { usePairFormat } from '../hooks/use-pair-format';
import { useSpotPreview } from '../hooks/use-spot-preview';
import { exceeds, protectionPrice, quantityForShare, validateOrder } from '../lib/order-math';
import { FeeDiscountNote } from '@/features/profile/level/fee-discount';
import { useMyFeeDiscount } from '@/features/profile/level/api';

const SHARES = [25, 50, 75, 100] as const;
const TIMES_IN_FORCE = SpotTimeInForce.options;

type OrderType = 'limit' | 'market';

function newClientOrderId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}

/** The higher of the pair's two rates: what any order but a post-only may pay (before the preview says the user's). */
const worstRate = (pair: SpotPair) =>
  compareDecimal(pair.makerFeeRate, pair.takerFeeRate) > 0 ? pair.makerFeeRate : pair.takerFeeRate;

/** A price picked in the book: `n` changes with every pick, so picking the same price again fills it again. */
export interface PickedPrice {
  price: string;
  n: number;
}

/**
 * One side's order form: limit (with its time in force) or market, the quantity (or a share of the
 * balance), the server's figures before sending (order/previewBb: the user's rates, the fee at worst,
 * what the order holds, the total, a market order's protection bound; priced by the settlement's own
 * rules) and a confirmation restating them. The server's refusal of the order shows in its words.
 */
export function SpotOrderForm({
  pair,
  side,
  available,
  best,
  picked,
}: {
  pair: SpotPair;
  side: SpotSide;
  /** Available quote (buy) or base (sell); null while it loads. */
  available: string | null;
  /** The best opposite price in the book (a market order's estimate), null without one. */
  best: string | null;
  picked: PickedPrice | null;
}) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  const idPrefix = useId();
  const [type, setType] = useState<OrderType>('limit');
  const [timeInForce, setTimeInForce] = useState<SpotTimeInForce>('GTC');
  const [price, setPrice] = useState(() => picked?.price ?? pair.lastPrice ?? '');
  const [quantity, setQuantity] = useState('');
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [clientOrderId, setClientOrderId] = useState(newClientOrderId);
  const submit = useSubmitSpotOrder();
  const mine = useMyFeeDiscount();

  useEffect(() => {
    if (!picked) return;
    setPrice(picked.price);
    setType('limit');
  }, [picked]);

  const order = { side, type, price, quantity, timeInForce };
  const codes = validateOrder(pair, order);
  const params = {
    min: f.qty(pair.minQuantity),
    max: f.qty(pair.maxQuantity),
    step: pair.lotSize,
    tick: pair.tickSize,
    currency: pair.base,
  };
  const errors = {
    quantity: codes.quantity ? t(`spot.form.errors.${codes.quantity}`, params) : undefined,
    price: codes.price ? t(`spot.form.errors.${codes.price}`, params) : undefined,
  };
  const noBook = type === 'market' && !best;
  const valid = Object.keys(codes).length === 0 && !noBook && pair.enabled;
  // The server prices the order (the user's rates after their VIP discount, the hold, the fee at
  // worst): what it shows is what the settlement holds and charges.
  const request: SpotPreviewRequest | null = valid
    ? {
        pairId: pair.id,
        side,
        type,
        quantity: quantity.trim(),
        ...(type === 'limit' ? { price: price.trim(), timeInForce } : {}),
      }
    : null;
  const preview = useSpotPreview(request);
  const estimate = preview.current ? (preview.data ?? null) : null;
  const postOnly = type === 'limit' && timeInForce === 'POST_ONLY';
  const shownRate = preview.data?.feeRate ?? (postOnly ? pair.makerFeeRate : worstRate(pair));
  // A buy's fee is at most this (its turnover is bounded); a sell's is this at its price bound (more
  // proceeds at a better price pay the same rate on them).
  const feeKey = postOnly ? 'spot.form.feeMaker' : side === 'buy' ? 'spot.form.feeUpTo' : 'spot.form.feeAtPrice';
  const feeLabel = t(feeKey, { rate: f.format.percent(shownRate) });
  const totalLabel = side === 'buy' ? t('spot.form.totalBuyUpTo') : t('spot.form.totalSellAtLeast');
  // The level's name beside the discount the server applied, when the user's level says the same share
  // (the rates shown are the server's either way).
  const discount = estimate && mine && estimate.discount !== '0' && mine.discount === estimate.discount ? mine : null;
  const funds = side === 'buy' ? pair.quote : pair.base;
  // What the server would refuse (10011), said before the confirm: a buy's hold, a sell's quantity.
  const short = Boolean(estimate && exceeds(estimate.held, estimate.available));
  const sideLabel = t(`market.side.${side}`);

  const fillShare = (percent: number) => {
    if (available === null) return;
    const at = type === 'limit' ? price.trim() : best ? protectionPrice(pair, side, best) : null;
    setQuantity(quantityForShare(pair, side, available, percent, at));
    setChecked(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!valid || short || !estimate) {
      if (valid && preview.pending) return;
      const field = errors.price ? 'price' : 'quantity';
      document.getElementById(`${idPrefix}-${field}`)?.focus();
      return;
    }
    setConfirming(true);
  };

  const send = async () => {
    const body: SpotSubmitRequest = {
      pairId: pair.id,
      side,
      type,
      quantity: quantity.trim(),
      clientOrderId,
      ...(type === 'limit' ? { price: price.trim(), timeInForce } : {}),
    };
    try {
      const placed = await submit.mutateAsync(body);
      toast.success(placedText(placed), { side });
      setQuantity('');
      setChecked(false);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
      setClientOrderId(newClientOrderId());
    }
  };

  /** What happened to the order, in one sentence. */
  const placedText = (o: SpotOrder) => {
    const p = {
      side: t(`market.side.${o.side}`),
      quantity: f.qty(o.quantity),
      filled: f.qty(o.filledQuantity),
      base: o.base,
      price: f.price(o.averagePrice ?? o.price),
    };
    const traded = signOf(o.filledQuantity) > 0;
    if (o.status === SPOT_STATUS.filled) return t('spot.placed.filled', p);
    if (o.status === SPOT_STATUS.cancelled)
      return traded ? t('spot.placed.partCancelled', p) : t('spot.placed.unfilled');
    return traded
      ? t('spot.placed.partly', { ...p, price: f.price(o.price) })
      : t('spot.placed.resting', { ...p, price: f.price(o.price) });
  };

  return (
    <form
      className={`spot-form spot-form--${side}`}
      noValidate
      onSubmit={onSubmit}
      aria-label={t('spot.form.title', { side: sideLabel, base: pair.base })}
      data-testid={`spot-form-${side}`}
    >
      <fieldset className="spot-switch" aria-label={t('spot.form.type')}>
        {(['limit', 'market'] as const).map((key) => (
          <button
            key={key}
            type="button"
            className={`spot-switch__item ${type === key ? 'is-active' : ''}`}
            aria-pressed={type === key}
            onClick={() => setType(key)}
            data-testid={`spot-${side}-type-${key}`}
          >
            {t(`spot.form.types.${key}`)}
          </button>
        ))}
      </fieldset>
      <p className="spot-form__available" data-testid={`spot-${side}-available`}>
        <span>{t('spot.form.available')}</span>
        <span className="num">{available === null ? '—' : f.format.money(available, funds)}</span>
      </p>
      {type === 'limit' ? (
        <div className="spot-form__row">
          <TextField
            id={`${idPrefix}-price`}
            label={t('spot.form.price')}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            maxLength={40}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={checked || price ? errors.price : undefined}
            trailing={<span className="field__addon-text">{pair.quote}</span>}
            testId={`spot-${side}-price`}
          />
          <label className="spot-form__tif">
            <span className="field__label">{t('spot.form.timeInForce')}</span>
            <select
              value={timeInForce}
              onChange={(e) => setTimeInForce(e.target.value as SpotTimeInForce)}
              data-testid={`spot-${side}-tif`}
            >
              {TIMES_IN_FORCE.map((key) => (
                <option key={key} value={key}>
                  {t(`spot.tif.${key}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : (
        <p className="spot-form__market" data-testid={`spot-${side}-market-note`}>
          {best
            ? t('spot.form.marketNote', {
                price: f.price(best),
                protection: f.price(protectionPrice(pair, side, best)),
              })
            : t('spot.form.noBook')}
        </p>
      )}
      <TextField
        id={`${idPrefix}-quantity`}
        label={t('spot.form.quantity')}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        maxLength={40}
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={checked || quantity ? errors.quantity : undefined}
        hint={t('spot.form.quantityHint', params)}
        trailing={<span className="field__addon-text">{pair.base}</span>}
        testId={`spot-${side}-quantity`}
      />
      <fieldset className="spot-shares" aria-label={t('spot.form.shares')}>
        {SHARES.map((percent) => (
          <button
            key={percent}
            type="button"
            className="spot-switch__item"
            onClick={() => fillShare(percent)}
            disabled={available === null}
            data-testid={`spot-${side}-share-${percent}`}
          >
            {t('spot.form.share', { percent })}
          </button>
        ))}
      </fieldset>
      <dl className="spot-figures" aria-live="polite" aria-busy={preview.pending} data-testid={`spot-${side}-figures`}>
        <div>
          <dt>{feeLabel}</dt>
          <dd className="num" data-testid={`spot-${side}-fee`}>
            {estimate ? f.quote(estimate.fee) : '—'}
            {estimate ? <FeeDiscountNote discount={discount} /> : null}
          </dd>
        </div>
        {side === 'buy' ? (
          <div>
            <dt>{t('spot.form.held')}</dt>
            <dd className="num" data-testid={`spot-${side}-held`}>
              {estimate ? f.quote(estimate.held) : '—'}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{totalLabel}</dt>
          <dd className="num num--strong" data-testid={`spot-${side}-total`}>
            {estimate ? f.quote(estimate.total) : '—'}
          </dd>
        </div>
      </dl>
      {estimate ? (
        <p className="spot-form__rates" data-testid={`spot-${side}-rates`}>
          {t('spot.form.rates', {
            maker: f.format.percent(estimate.makerFeeRate),
            taker: f.format.percent(estimate.takerFeeRate),
          })}
        </p>
      ) : null}
      {preview.error ? (
        <p className="field__error" role="alert" data-testid={`spot-${side}-preview-error`}>
          {errorMessage(preview.error)}
        </p>
      ) : null}
      {short && checked && estimate ? (
        <p className="field__error" role="alert" data-testid={`spot-${side}-short`}>
          {t('spot.form.short', {
            need: side === 'buy' ? f.quote(estimate.held) : f.base(estimate.held),
            available: f.format.money(estimate.available, funds),
          })}
        </p>
      ) : null}
      <Button
        type="submit"
        block
        className={`spot-form__submit spot-form__submit--${side}`}
        disabled={!pair.enabled || noBook}
        loading={valid && preview.pending && !estimate}
        data-testid={`spot-${side}-submit`}
      >
        {t('spot.form.submit', { side: sideLabel, base: pair.base })}
      </Button>
      <Modal
        open={confirming && Boolean(estimate)}
        onClose={() => setConfirming(false)}
        title={t('spot.confirm.title', { side: sideLabel, base: pair.base })}
        testId="spot-confirm"
      >
        {estimate ? (
          <div className="spot-confirm">
            <dl className="spot-figures">
              <div>
                <dt>{t('spot.confirm.pair')}</dt>
                <dd className="spot-figures__text">{pair.symbol}</dd>
              </div>
              <div>
                <dt>{t('spot.confirm.order')}</dt>
                <dd
                  className={`spot-figures__text ${side === 'buy' ? 'change--up' : 'change--down'}`}
                  data-testid="spot-confirm-order"
                >
                  {sideLabel} · {t(`spot.form.types.${type}`)}
                  {type === 'limit' ? ` · ${t(`spot.tif.${timeInForce}`)}` : ''}
                </dd>
              </div>
              <div>
                <dt>{type === 'market' ? t('spot.confirm.priceNow') : t('spot.form.price')}</dt>
                <dd className="num" data-testid="spot-confirm-price">
                  {f.quote(estimate.price)}
                </dd>
              </div>
              {estimate.protectionPrice ? (
                <div>
                  <dt>{side === 'buy' ? t('spot.confirm.protectionBuy') : t('spot.confirm.protectionSell')}</dt>
                  <dd className="num" data-testid="spot-confirm-protection">
                    {f.quote(estimate.protectionPrice)}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('spot.form.quantity')}</dt>
                <dd className="num" data-testid="spot-confirm-quantity">
                  {f.base(estimate.quantity)}
                </dd>
              </div>
              <div>
                <dt>{feeLabel}</dt>
                <dd className="num" data-testid="spot-confirm-fee">
                  {f.quote(estimate.fee)}
                  <FeeDiscountNote discount={discount} />
                </dd>
              </div>
              {side === 'buy' ? (
                <div>
                  <dt>{t('spot.form.held')}</dt>
                  <dd className="num" data-testid="spot-confirm-held">
                    {f.quote(estimate.held)}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{totalLabel}</dt>
                <dd className="num num--strong" data-testid="spot-confirm-total">
                  {f.quote(estimate.total)}
                </dd>
              </div>
            </dl>
            <p className="market-note">
              {type === 'market' ? t('spot.confirm.marketNote') : t(`spot.confirm.tifNote.${timeInForce}`)}
            </p>
            <div className="spot-confirm__actions">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('market.confirm.cancel')}
              </Button>
              <Button
                className={`spot-form__submit--${side}`}
                loading={submit.isPending}
                onClick={() => void send()}
                data-testid="spot-confirm-submit"
              >
                {t('spot.confirm.submit', { side: sideLabel })}
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
    </form>
  );
}

import type { MarketInfo } from '@openbourse/contracts/market.ts';
import type { BuyURequest, OrderType } from '@openbourse/contracts/trading.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Modal } from '@/shared/components/modal';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { useInstrumentName } from '@/shared/lib/instrument-name';
import { useParam } from '@/shared/api/get-param';
import { queryKeys } from '@/shared/api/query-keys';
import { DEMO_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { usePlaceOrder, usePreview } from '../api/orders';
import { type TicketValues, toRequest, validateTicket } from '../lib/ticket';
import { compareDecimal, trimDecimal } from '@/shared/lib/decimal';
import { FeeDiscountNote } from '@/features/profile/level/fee-discount';
import { useDebounced } from '@/shared/hooks/use-debounced';

const ORDER_TYPES: OrderType[] = ['market', 'limit', 'stop'];

type FieldErrors = Partial<Record<'lots' | 'leverage' | 'price' | 'stopLoss' | 'takeProfit', string>>;
const PREVIEW_DELAY_MS = 350;

function newClientOrderId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}

export function OrderTicket({ info }: { info: MarketInfo }) {
  const { t } = useTranslation();
  const instrumentName = useInstrumentName();
  const format = useFormat();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const accountMode = useSession((s) => s.accountMode);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TicketValues>({
    side: 'buy',
    type: 'market',
    lots: trimDecimal(info.minLots),
    leverage: String(Math.min(10, info.maxLeverage)),
    price: '',
    stopLoss: '',
    takeProfit: '',
  });
  const [confirming, setConfirming] = useState(false);
  const [clientOrderId, setClientOrderId] = useState(newClientOrderId);
  const codes = validateTicket(values, info);
  const errors: FieldErrors = {};
  for (const [field, code] of Object.entries(codes)) {
    errors[field as keyof FieldErrors] = t(`market.ticket.errors.${code}`, {
      min: trimDecimal(info.minLots),
      max: trimDecimal(info.maxLots),
      step: trimDecimal(info.lotStep),
      maxLeverage: info.maxLeverage,
    });
  }
  const valid = Object.keys(codes).length === 0;
  const requestKey = valid ? JSON.stringify(toRequest(info.id, values)) : null;
  const debouncedKey = useDebounced(requestKey, PREVIEW_DELAY_MS);
  const previewBody = useMemo(() => (debouncedKey ? (JSON.parse(debouncedKey) as BuyURequest) : null), [debouncedKey]);
  const preview = usePreview(isLoggedIn ? previewBody : null);
  const place = usePlaceOrder();
  const previewCurrent = preview.data && debouncedKey === requestKey && !preview.isError;
  // The server's refusal of a stop loss or take profit (too near, or a take profit that is no profit)
  // shows on its field, before the confirm.
  const previewError = preview.isError && debouncedKey === requestKey ? preview.error : null;
  const stopField =
    previewError instanceof ApiError && (previewError.field === 'stopLoss' || previewError.field === 'takeProfit')
      ? previewError.field
      : null;
  if (stopField && previewError) errors[stopField] ??= errorMessage(previewError);
  // What the order costs against what the book has: refused here, before the confirm, with the way on.
  const short = Boolean(
    previewCurrent && preview.data && compareDecimal(preview.data.cost, preview.data.available) > 0,
  );
  const demoEnabled = useParam('demo_enabled') !== 'false';
  const tryDemo = () => {
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    void queryClient.invalidateQueries({ queryKey: queryKeys.balances });
  };

  const set = <K extends keyof TicketValues>(key: K, value: TicketValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  // USDT has 6 decimals: an amount shows every digit it has (2 at least), never rounded on display.
  const usdt = (v: string) => format.money(v);
  const priceDigits = { minFractionDigits: info.priceDecimals, maxFractionDigits: info.priceDecimals };
  const stopDistance = format.decimal(info.stopDistance, priceDigits);

  const submit = async () => {
    try {
      const { result: order } = await place.mutateAsync({ ...toRequest(info.id, values), clientOrderId });
      // Say what happened: filled at a price, or waiting for one.
      const side = t(`market.side.${order.side}`);
      toast.success(
        order.state === 'open' && order.openPrice
          ? t('market.ticket.filled', {
              side,
              lots: trimDecimal(order.lots),
              code: order.code,
              price: format.decimal(order.openPrice, priceDigits),
            })
          : order.state === 'pending' && order.price
            ? t('market.ticket.waiting', {
                side,
                type: t(`market.orderType.${order.type}`),
                code: order.code,
                price: format.decimal(order.price, priceDigits),
              })
            : t('market.ticket.placed'),
        { side: order.side },
      );
      setConfirming(false);
      setClientOrderId(newClientOrderId());
    } catch (error) {
      toast.error(errorMessage(error));
      setConfirming(false);
      setClientOrderId(newClientOrderId());
    }
  };

  if (!isLoggedIn) {
    return (
      <div className="ticket card" data-testid="order-ticket">
        <LoginPrompt text={t('market.ticket.login')} />
      </div>
    );
  }

  const sideLabel = t(`market.side.${values.side}`);
  return (
    <form
      className="ticket"
      data-testid="order-ticket"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && previewCurrent && !short) setConfirming(true);
      }}
    >
      <fieldset className="ticket__sides" aria-label={t('market.ticket.side')}>
        {(['buy', 'sell'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={`ticket__side ticket__side--${side} ${values.side === side ? 'is-active' : ''}`}
            aria-pressed={values.side === side}
            onClick={() => set('side', side)}
            data-testid={`ticket-side-${side}`}
          >
            {t(`market.side.${side}`)}
          </button>
        ))}
      </fieldset>
      <fieldset className="ticket__types" aria-label={t('market.ticket.type')}>
        {ORDER_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className={`period-switch__item ${values.type === type ? 'is-active' : ''}`}
            aria-pressed={values.type === type}
            onClick={() => set('type', type)}
            data-testid={`ticket-type-${type}`}
          >
            {t(`market.orderType.${type}`)}
          </button>
        ))}
      </fieldset>
      {values.type !== 'market' ? (
        <TextField
          label={t('market.ticket.price')}
          inputMode="decimal"
          value={values.price}
          onChange={(e) => set('price', e.target.value)}
          error={errors.price}
          testId="ticket-price"
        />
      ) : null}
      <div className="ticket__row">
        <TextField
          label={t('market.ticket.lots')}
          inputMode="decimal"
          value={values.lots}
          onChange={(e) => set('lots', e.target.value)}
          error={errors.lots}
          hint={t('market.ticket.lotsHint', {
            min: trimDecimal(info.minLots),
            max: trimDecimal(info.maxLots),
            step: trimDecimal(info.lotStep),
          })}
          testId="ticket-lots"
        />
        <TextField
          label={t('market.ticket.leverage')}
          type="number"
          inputMode="numeric"
          min={1}
          max={info.maxLeverage}
          step={1}
          value={values.leverage}
          onChange={(e) => set('leverage', e.target.value)}
          error={errors.leverage}
          hint={t('market.ticket.leverageHint', { max: info.maxLeverage })}
          testId="ticket-leverage"
        />
      </div>
      <div className="ticket__row">
        <TextField
          label={t('market.ticket.stopLoss')}
          inputMode="decimal"
          placeholder={t('common.optional')}
          value={values.stopLoss}
          onChange={(e) => set('stopLoss', e.target.value)}
          error={errors.stopLoss}
          hint={t('market.ticket.stopLossHint', { distance: stopDistance })}
          testId="ticket-sl"
        />
        <TextField
          label={t('market.ticket.takeProfit')}
          inputMode="decimal"
          placeholder={t('common.optional')}
          value={values.takeProfit}
          onChange={(e) => set('takeProfit', e.target.value)}
          error={errors.takeProfit}
          hint={t('market.ticket.takeProfitHint', { distance: stopDistance })}
          testId="ticket-tp"
        />
      </div>
      <dl className="ticket__preview" aria-live="polite" data-testid="ticket-preview">
        <div>
          <dt>{t('market.ticket.fillPrice')}</dt>
          <dd className="num" data-testid="ticket-price-preview">
            {previewCurrent ? format.decimal(preview.data.price, priceDigits) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('market.ticket.margin')}</dt>
          <dd className="num" data-testid="ticket-margin">
            {previewCurrent ? usdt(preview.data.margin) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('market.ticket.fee')}</dt>
          <dd className="num" data-testid="ticket-fee">
            {previewCurrent ? usdt(preview.data.fee) : '—'}
            {previewCurrent ? <FeeDiscountNote discount={preview.data.feeDiscount} /> : null}
          </dd>
        </div>
        <div>
          <dt>{t('market.ticket.cost')}</dt>
          <dd className="num num--strong" data-testid="ticket-cost">
            {previewCurrent ? usdt(preview.data.cost) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('market.ticket.available')}</dt>
          <dd className="num" data-testid="ticket-available">
            {previewCurrent ? usdt(preview.data.available) : '—'}
          </dd>
        </div>
        {previewCurrent && preview.data.stopOutPrice ? (
          <div>
            <dt>{t('market.ticket.stopOutPrice')}</dt>
            <dd className="num">{format.decimal(preview.data.stopOutPrice, priceDigits)}</dd>
          </div>
        ) : null}
      </dl>
      {previewError && !stopField ? (
        <p className="field__error" role="alert" data-testid="ticket-preview-error">
          {errorMessage(preview.error)}
        </p>
      ) : null}
      {!info.open ? <p className="market-note">{t('market.ticket.sessionClosed')}</p> : null}
      {short && preview.data ? (
        <p className="field__error" role="alert" data-testid="ticket-short">
          {t('market.ticket.short', { cost: usdt(preview.data.cost), available: usdt(preview.data.available) })}
          {accountMode !== DEMO_ACCOUNT && demoEnabled ? (
            <>
              {' '}
              <button type="button" className="btn btn--link" onClick={tryDemo} data-testid="ticket-try-demo">
                {t('market.ticket.tryDemo')}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <Button
        type="submit"
        block
        className={`ticket__submit ticket__submit--${values.side}`}
        disabled={!valid || !previewCurrent || short}
        loading={valid && preview.isFetching && !previewCurrent}
        data-testid="ticket-submit"
      >
        {t('market.ticket.submit', { side: sideLabel, code: info.code })}
      </Button>
      <p className="ticket__mode">
        {accountMode === DEMO_ACCOUNT ? t('market.ticket.demoAccount') : t('market.ticket.realAccount')}
      </p>
      <Modal
        open={confirming && Boolean(preview.data)}
        onClose={() => setConfirming(false)}
        title={t('market.confirm.title')}
        testId="confirm-dialog"
      >
        {preview.data ? (
          <div className="confirm">
            <dl className="confirm__list">
              <div>
                <dt>{t('market.confirm.instrument')}</dt>
                <dd>
                  {instrumentName(info.code, info.name)} ({info.code})
                </dd>
              </div>
              <div>
                <dt>{t('market.ticket.side')}</dt>
                <dd className={values.side === 'buy' ? 'change--up' : 'change--down'} data-testid="confirm-side">
                  {sideLabel} · {t(`market.orderType.${values.type}`)}
                </dd>
              </div>
              <div>
                <dt>{t('market.ticket.lots')}</dt>
                <dd className="num" data-testid="confirm-lots">
                  {preview.data.lots}
                </dd>
              </div>
              <div>
                <dt>{t('market.ticket.leverage')}</dt>
                <dd className="num">{t('market.leverageValue', { value: preview.data.leverage })}</dd>
              </div>
              <div>
                <dt>{values.type === 'market' ? t('market.confirm.priceNow') : t('market.ticket.price')}</dt>
                <dd className="num" data-testid="confirm-price">
                  {format.decimal(preview.data.price, priceDigits)}
                </dd>
              </div>
              <div>
                <dt>{t('market.ticket.margin')}</dt>
                <dd className="num" data-testid="confirm-margin">
                  {usdt(preview.data.margin)}
                </dd>
              </div>
              <div>
                <dt>{t('market.ticket.fee')}</dt>
                <dd className="num" data-testid="confirm-fee">
                  {usdt(preview.data.fee)}
                  <FeeDiscountNote discount={preview.data.feeDiscount} />
                </dd>
              </div>
              <div>
                <dt>{t('market.ticket.cost')}</dt>
                <dd className="num num--strong">{usdt(preview.data.cost)}</dd>
              </div>
              <div>
                <dt>{t('market.ticket.stopLoss')}</dt>
                <dd className="num" data-testid="confirm-sl">
                  {values.stopLoss.trim() || t('market.none')}
                </dd>
              </div>
              <div>
                <dt>{t('market.ticket.takeProfit')}</dt>
                <dd className="num" data-testid="confirm-tp">
                  {values.takeProfit.trim() || t('market.none')}
                </dd>
              </div>
            </dl>
            <p className="market-note">
              {values.type === 'market' ? t('market.confirm.marketNote') : t('market.confirm.pendingNote')}
            </p>
            <div className="confirm__actions">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('market.confirm.cancel')}
              </Button>
              <Button
                className={`ticket__submit--${values.side}`}
                loading={place.isPending}
                onClick={() => void submit()}
                data-testid="confirm-submit"
              >
                {t('market.confirm.submit')}
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
    </form>
  );
}

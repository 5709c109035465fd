import type { UOrder } from '@openbourse/contracts/trading.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { Modal } from '@/shared/components/modal';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { errorMessage } from '@/shared/lib/api-client';
import { compareDecimal, trimDecimal } from '@/shared/lib/decimal';
import { useLiveQuote } from '@/shared/lib/live-quotes';
import { useMarketInfo } from '../api/market-info';
import { useCloseOrder, useUpdateOrder } from '../api/orders';
import { closeEstimate } from '../lib/live-pnl';
import { pnlClass, useMoney } from './position-parts';

/** The dialogs of an open position: close (all or part, with what it would settle at now) and TP / SL. */

/** What the close would settle at on the latest quote, from the engine the server settles with. */
function CloseEstimate({ order, lots }: { order: UOrder; lots: string }) {
  const { t } = useTranslation();
  const m = useMoney();
  const { data: spec } = useMarketInfo(String(order.instrumentId));
  const live = useLiveQuote(order.instrumentId);
  // Before a pushed quote arrives, the position's last price (its close side) stands for both sides.
  const quote =
    live ??
    (order.currentPrice ? { id: order.instrumentId, bid: order.currentPrice, ask: order.currentPrice } : undefined);
  const estimate = spec && quote ? closeEstimate(order, spec, quote, lots) : null;
  return (
    <div className="close-estimate" data-testid="close-estimate" aria-live="polite">
      <dl className="close-estimate__list">
        <div className="close-estimate__row">
          <dt>{t('market.positions.closeAt')}</dt>
          <dd className="num" data-testid="close-estimate-price">
            {estimate ? m.price(estimate.price, order.openPrice) : '—'}
          </dd>
        </div>
        <div className="close-estimate__row">
          <dt>{t('market.positions.expectedPnl')}</dt>
          <dd className={estimate ? pnlClass(estimate.pnl) : 'num'} data-testid="close-estimate-pnl">
            {estimate ? m.pnl(estimate.pnl) : '—'}
          </dd>
        </div>
        <div className="close-estimate__row">
          <dt>{t('market.positions.marginReleased')}</dt>
          <dd className="num">{estimate ? m.usdt(estimate.released) : '—'}</dd>
        </div>
        <div className="close-estimate__row close-estimate__row--total">
          <dt>{t('market.positions.credited')}</dt>
          <dd className="num" data-testid="close-estimate-credited">
            {estimate ? m.usdt(estimate.credited) : '—'}
          </dd>
        </div>
      </dl>
      <p className="market-note">{t('market.positions.estimateNote')}</p>
    </div>
  );
}

export function CloseDialog({ order, onClose }: { order: UOrder; onClose(): void }) {
  const { t } = useTranslation();
  const close = useCloseOrder();
  const [lots, setLots] = useState(trimDecimal(order.openLots));
  const invalid =
    !/^(0|[1-9]\d*)(\.\d+)?$/.test(lots.trim()) ||
    !/[1-9]/.test(lots) ||
    compareDecimal(lots.trim(), order.openLots) > 0;
  const submit = async () => {
    try {
      const full = compareDecimal(lots.trim(), order.openLots) === 0;
      const res = await close.mutateAsync({ id: order.id, ...(full ? {} : { lots: lots.trim() }) });
      toast.success(res.msg || t('market.positions.closed'));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Modal open onClose={onClose} title={t('market.positions.closeTitle', { code: order.code })} testId="close-dialog">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) void submit();
        }}
      >
        <TextField
          label={t('market.positions.closeLots')}
          inputMode="decimal"
          value={lots}
          onChange={(e) => setLots(e.target.value)}
          error={invalid ? t('market.positions.closeLotsInvalid', { max: trimDecimal(order.openLots) }) : undefined}
          hint={t('market.positions.closeHint', { max: trimDecimal(order.openLots) })}
          testId="close-lots"
          data-autofocus
        />
        <CloseEstimate order={order} lots={invalid ? order.openLots : lots.trim()} />
        <div className="confirm__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('market.confirm.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={close.isPending}
            disabled={invalid}
            data-testid="close-submit"
          >
            {t('market.positions.close')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Saves a position's take profit and stop loss and says so, or why not (the TP / SL dialog and a
 * line dragged on the chart); true when saved.
 */
export function useSaveStops() {
  const { t } = useTranslation();
  const update = useUpdateOrder();
  const save = async (id: number, stops: { takeProfit: string | null; stopLoss: string | null }) => {
    try {
      const res = await update.mutateAsync({ id, ...stops });
      toast.success(res.msg || t('market.positions.updated'));
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };
  return { save, saving: update.isPending };
}

export function TpSlDialog({ order, onClose }: { order: UOrder; onClose(): void }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveStops();
  const [tp, setTp] = useState(order.takeProfit ?? '');
  const [sl, setSl] = useState(order.stopLoss ?? '');
  const bad = (v: string) => v.trim() !== '' && !/^(0|[1-9]\d*)(\.\d+)?$/.test(v.trim());
  const submit = async () => {
    if (await save(order.id, { takeProfit: tp.trim() || null, stopLoss: sl.trim() || null })) onClose();
  };
  return (
    <Modal open onClose={onClose} title={t('market.positions.tpslTitle', { code: order.code })} testId="tpsl-dialog">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!bad(tp) && !bad(sl)) void submit();
        }}
      >
        <TextField
          label={t('market.ticket.takeProfit')}
          inputMode="decimal"
          value={tp}
          onChange={(e) => setTp(e.target.value)}
          error={bad(tp) ? t('market.ticket.errors.price') : undefined}
          hint={t('market.positions.tpslHint')}
          testId="tp-input"
          data-autofocus
        />
        <TextField
          label={t('market.ticket.stopLoss')}
          inputMode="decimal"
          value={sl}
          onChange={(e) => setSl(e.target.value)}
          error={bad(sl) ? t('market.ticket.errors.price') : undefined}
          testId="sl-input"
        />
        {order.currentPrice ? (
          <p className="market-note">{t('market.positions.currentPrice', { price: order.currentPrice })}</p>
        ) : null}
        <div className="confirm__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('market.confirm.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={bad(tp) || bad(sl)} data-testid="tp-save">
            {t('market.positions.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

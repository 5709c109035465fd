import type { UOrder } from '@openbourse/contracts/trading.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/hooks/use-format';
import { signOf } from '@/shared/lib/decimal';

/** Pieces the positions panel and the order history share. */

/** How many decimals a decimal string carries ("95020.50" → 2). */
const decimalsOf = (v: string | null | undefined) => (v ? (v.split('.')[1]?.length ?? 0) : 0);

export const pnlClass = (v: string) => `num change--${signOf(v) > 0 ? 'up' : signOf(v) < 0 ? 'down' : 'flat'}`;

export function useMoney() {
  const format = useFormat();
  return {
    format,
    usdt: (v: string) => format.money(v),
    pnl: (v: string) => format.money(v, 'USDT', { signed: true }),
    /** A price with every digit it has; with `like`, at least as many decimals as that price (a quote beside an open price). */
    price: (v: string | null, like?: string | null) =>
      v ? format.decimal(v, { minFractionDigits: decimalsOf(like), maxFractionDigits: 10 }) : '—',
    time: (ms: number | null) => (ms ? format.dateTime(new Date(ms).toISOString()) : '—'),
  };
}

export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="pos__field">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function OrderTitle({ order }: { order: UOrder }) {
  const { t } = useTranslation();
  return (
    <div className="pos__title">
      <span className={`pos__side pos__side--${order.side}`}>{t(`market.side.${order.side}`)}</span>
      <span className="pos__name">{order.code}</span>
      <span className="pos__meta">
        {t(`market.orderType.${order.type}`)} · {t('market.leverageValue', { value: order.leverage })} ·{' '}
        {t('market.positions.orderNo', { no: order.orderNo })}
      </span>
    </div>
  );
}

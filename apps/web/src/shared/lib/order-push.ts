import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { toast } from '@/shared/components/toast/toast-store';
import { i18n } from '@/shared/i18n/i18n';
import { DEMO_ACCOUNT, sessionStore } from '@/shared/session/session-store';

/** The fields of an `{"ch":"orders"}` push this client reads (contracts: OrderPush). */
interface OrderPushLike {
  ch: 'orders';
  mode: 'real' | 'demo';
  orderNo: string;
  code: string;
  event: string;
  reason: string | null;
  price: string | null;
}

const isOrderPush = (m: Record<string, unknown>): m is Record<string, unknown> & OrderPushLike =>
  m.ch === 'orders' && typeof m.orderNo === 'string' && typeof m.event === 'string';

/**
 * A private push from /message: one of the user's orders changed. Order lists and balances are
 * refetched at once (not at the next poll), and what the market did on its own — a stop loss,
 * take profit or stop-out, a waiting order filled or cancelled — is told in a toast.
 */
export function handlePush(message: Record<string, unknown>, client: QueryClient): void {
  if (!isOrderPush(message)) return;
  void client.invalidateQueries({ queryKey: ['orders'] });
  void client.invalidateQueries({ queryKey: queryKeys.balances });
  const mode = sessionStore.getState().accountMode === DEMO_ACCOUNT ? 'demo' : 'real';
  if (message.mode !== mode) return;
  const t = i18n.t.bind(i18n);
  const params = { no: message.orderNo, code: message.code, price: message.price ?? '' };
  const { event, reason } = message;
  if (
    (event === 'closed' || event === 'reduced') &&
    (reason === 'stopLoss' || reason === 'takeProfit' || reason === 'stopOut')
  ) {
    const text = t('market.push.closed', { ...params, reason: t(`market.closeReason.${reason}`) });
    if (reason === 'takeProfit') toast.success(text);
    else toast.info(text);
  } else if (event === 'opened' && (reason === 'entryLimit' || reason === 'entryStop')) {
    toast.success(t('market.push.opened', params));
  } else if (event === 'cancelled' && reason === 'insufficientMargin') {
    toast.error(t('market.push.cancelled', params));
  }
}

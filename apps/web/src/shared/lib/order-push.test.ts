import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/shared/components/toast/toast-store';
import { loadLanguage } from '@/shared/i18n/i18n';
import { DEMO_ACCOUNT, REAL_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { handlePush } from './order-push';

const push = (over: Record<string, unknown> = {}) => ({
  ch: 'orders',
  mode: 'demo',
  id: 7,
  orderNo: 'U7',
  code: 'BTCUSDT',
  state: 'closed',
  event: 'closed',
  reason: 'takeProfit',
  price: '101000.00',
  tickId: 42,
  ...over,
});

const lastToast = () => toastStore.getSnapshot();

describe('handlePush', () => {
  it('refetches orders and balances and tells what the market did, in the account shown', async () => {
    await loadLanguage('en');
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    handlePush(push(), client);
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['orders'], ['balances']]);
    expect(lastToast()).toMatchObject({
      tone: 'success',
      message: 'Take profit: order U7 (BTCUSDT) closed at 101000.00',
    });

    handlePush(push({ event: 'opened', state: 'open', reason: 'entryLimit', price: '99000.00' }), client);
    expect(lastToast()).toMatchObject({ message: 'Order U7 (BTCUSDT) opened at 99000.00' });
    handlePush(push({ event: 'cancelled', state: 'cancelled', reason: 'insufficientMargin', price: null }), client);
    expect(lastToast()).toMatchObject({ tone: 'error' });
  });

  it('stays quiet about what the user did and about the other account, and ignores other pushes', async () => {
    await loadLanguage('en');
    sessionStore.setAccountMode(REAL_ACCOUNT);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    handlePush(push(), client); // a demo order while the real account is shown
    handlePush(push({ mode: 'real', reason: 'manual' }), client);
    expect(lastToast()).toBeNull();
    expect(invalidate).toHaveBeenCalledTimes(4);
    handlePush({ ch: 'notice' }, client);
    expect(invalidate).toHaveBeenCalledTimes(4);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/shared/api/query-keys';
import { dispatchChannel } from '@/shared/lib/live-feed';
import { sessionStore } from '@/shared/session/session-store';
import { notificationKeys } from '../api/notification-keys';
import { useNotificationPush } from './use-notification-push';

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useNotificationPush(), { wrapper });
  const invalidated = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
  return { client, invalidated };
}

describe('useNotificationPush', () => {
  afterEach(() => sessionStore.clearSession());

  it('takes the pushed unread count and refetches what a new notification may be about, auctions included', () => {
    sessionStore.adopt('tok-push');
    const { client, invalidated } = setup();
    act(() => dispatchChannel({ ch: 'notifications', id: 7, unread: 3 }));
    expect(client.getQueryData(notificationKeys.unread('tok-push'))).toBe(3);
    for (const key of [notificationKeys.lists, queryKeys.balances, queryKeys.loans, queryKeys.nfts]) {
      expect(invalidated()).toContain(JSON.stringify(key));
    }
  });

  it('only refreshes the lists when notifications were read elsewhere (no id)', () => {
    sessionStore.adopt('tok-push');
    const { invalidated } = setup();
    act(() => dispatchChannel({ ch: 'notifications', unread: 0 }));
    expect(invalidated()).toEqual([JSON.stringify(notificationKeys.lists)]);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dispatchChannel } from '@/shared/lib/live-feed';
import { sessionStore } from '@/shared/session/session-store';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { orderNotice } from '../test-data';

const bell = () => screen.findByTestId('notifications-button');

describe('notification bell', () => {
  it.each([
    ['desktop', true],
    ['mobile', false],
  ])('shows the unread count in the %s top bar, with the count in its name', async (_layout, desktop) => {
    sessionStore.setWindow(desktop ? 1366 : 390, desktop);
    sessionStore.dismissBoard();
    mockApi({ ...baseHandlers, 'GET user/unreadNotificationCount': () => ok({ unread: 3 }) });
    await renderApp('/', { loggedIn: true });
    const button = await bell();
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('3');
    expect(button).toHaveAttribute('aria-label', 'Notifications: 3 unread');
    expect(button).toHaveAttribute('href', '/profile/notification');
  });

  it('hides the badge at 0 and caps it at 99+', async () => {
    let unread = 0;
    mockApi({ ...baseHandlers, 'GET user/unreadNotificationCount': () => ok({ unread }) });
    const { queryClient } = await renderApp('/', { loggedIn: true });
    const button = await bell();
    await waitFor(() =>
      expect(queryClient.getQueryState(['notifications', 'unread', 'test-token'])?.status).toBe('success'),
    );
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
    expect(button).toHaveAttribute('aria-label', 'Notifications');
    unread = 1234;
    await act(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }));
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('99+');
    expect(button).toHaveAttribute('aria-label', 'Notifications: 99+ unread');
  });

  it('is not shown to visitors who are logged out', async () => {
    mockApi(baseHandlers);
    await renderApp('/');
    await screen.findByTestId('nav-login');
    expect(screen.queryByTestId('notifications-button')).toBeNull();
  });

  it('takes a pushed count at once, and the open list is fetched again', async () => {
    let pushed = false;
    const api = mockApi({
      ...baseHandlers,
      'GET user/unreadNotificationCount': () => ok({ unread: pushed ? 1 : 0 }),
      'GET user/listNotification': () =>
        ok({ list: pushed ? [orderNotice(7)] : [], total: pushed ? 1 : 0, page: 1, size: 20, unread: pushed ? 1 : 0 }),
    });
    await renderApp('/profile/notification', { loggedIn: true });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
    const unreadCalls = api.callsTo('user/unreadNotificationCount').length;
    pushed = true;
    act(() => dispatchChannel({ ch: 'notifications', id: 7, unread: 1 }));
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('1');
    expect(await screen.findByTestId('notification-item')).toHaveAttribute('data-kind', 'stopLoss');
    // The count came with the push: it was not asked for again.
    expect(api.callsTo('user/unreadNotificationCount')).toHaveLength(unreadCalls);
    // Other channels and malformed pushes change nothing.
    act(() => dispatchChannel({ ch: 'notifications', unread: 'x' }));
    act(() => dispatchChannel({ ch: 'orders', unread: 5 }));
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1');
  });
});

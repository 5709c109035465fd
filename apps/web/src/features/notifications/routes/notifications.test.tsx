import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { accountNotice, orderNotice } from '../test-data';

const page = (list: unknown[], pageNo: number, total: number, unread: number, size = 20) =>
  ok({ list, total, page: pageNo, size, unread });

const items = () => screen.getAllByTestId('notification-item');

describe('notifications page', () => {
  it('lists newest first, marks the unread, links each to its subject, and opening one marks it read', async () => {
    let read = false;
    const api = mockApi({
      ...baseHandlers,
      'GET user/unreadNotificationCount': () => ok({ unread: read ? 0 : 1 }),
      'GET user/listNotification': () => page([orderNotice(1, { read }), accountNotice(2)], 1, 2, read ? 0 : 1),
      'POST user/readNotification': () => {
        read = true;
        return ok({ marked: 1, unread: 0 });
      },
    });
    const { router } = await renderApp('/profile/notification', { loggedIn: true });
    expect(await screen.findByTestId('notifications-page')).toBeInTheDocument();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Notifications');

    const [stop, signIn] = items() as [HTMLElement, HTMLElement];
    expect(stop).toHaveAttribute('data-kind', 'stopLoss');
    expect(stop).toHaveAttribute('data-read', 'false');
    expect(within(stop).getByTestId('notification-unread')).toHaveTextContent('Unread');
    expect(within(stop).getByTestId('notification-title')).toHaveTextContent('Stop loss triggered');
    expect(within(stop).getByTestId('notification-body')).toHaveTextContent('95000.00');
    expect(within(stop).getByText('Demo')).toBeInTheDocument();
    expect(within(stop).getByRole('link')).toHaveAttribute('href', '/market?id=BTCUSDT');
    expect(signIn).toHaveAttribute('data-read', 'true');
    expect(within(signIn).queryByTestId('notification-unread')).toBeNull();
    expect(within(signIn).getByRole('link')).toHaveAttribute('href', '/profile/info');
    expect(api.callsTo('user/listNotification')[0]?.query.get('size')).toBe('20');

    fireEvent.click(within(stop).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/market'));
    await waitFor(() => expect(api.callsTo('user/readNotification')).toHaveLength(1));
    expect(api.callsTo('user/readNotification')[0]?.body).toEqual({ ids: [1] });
  });

  it('opens a read one without marking anything', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET user/unreadNotificationCount': () => ok({ unread: 0 }),
      'GET user/listNotification': () => page([accountNotice(2)], 1, 1, 0),
    });
    const { router } = await renderApp('/profile/notification', { loggedIn: true });
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.click(within(items()[0]!).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/info'));
    expect(api.callsTo('user/readNotification')).toHaveLength(0);
  });

  it('marks all as read: the badge goes, the items lose their mark, and the button goes', async () => {
    let read = false;
    const api = mockApi({
      ...baseHandlers,
      'GET user/unreadNotificationCount': () => ok({ unread: read ? 0 : 2 }),
      'GET user/listNotification': () =>
        page([orderNotice(1, { read }), orderNotice(2, { read, kind: 'takeProfit' })], 1, 2, read ? 0 : 2),
      'POST user/readNotification': () => {
        read = true;
        return ok({ marked: 2, unread: 0 });
      },
    });
    await renderApp('/profile/notification', { loggedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('notification-unread')).toHaveLength(2));
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('2');
    fireEvent.click(screen.getByTestId('notifications-read-all'));
    await waitFor(() => expect(screen.queryAllByTestId('notification-unread')).toHaveLength(0));
    expect(api.callsTo('user/readNotification')[0]?.body).toEqual({ all: true });
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
    expect(screen.getByTestId('notifications-button')).toHaveAttribute('aria-label', 'Notifications');
    expect(screen.queryByTestId('notifications-read-all')).toBeNull();
    expect(await screen.findByTestId('toast')).toHaveTextContent('All notifications are marked as read');
  });

  it('shows an empty state and no "mark all" when there are none', async () => {
    mockApi({
      ...baseHandlers,
      'GET user/unreadNotificationCount': () => ok({ unread: 0 }),
      'GET user/listNotification': () => page([], 1, 0, 0),
    });
    await renderApp('/profile/notification', { loggedIn: true });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-item')).toBeNull();
    expect(screen.queryByTestId('notifications-read-all')).toBeNull();
    expect(screen.queryByTestId('notifications-more')).toBeNull();
  });

  it('loads the next page on "Load more" and hides the button after the last page', async () => {
    const all = Array.from({ length: 25 }, (_, i) => orderNotice(100 - i));
    const api = mockApi({
      ...baseHandlers,
      'GET user/unreadNotificationCount': () => ok({ unread: 25 }),
      'GET user/listNotification': (c) => {
        const n = Number(c.query.get('page'));
        const size = Number(c.query.get('size'));
        return page(all.slice((n - 1) * size, n * size), n, all.length, 25, size);
      },
    });
    await renderApp('/profile/notification', { loggedIn: true });
    await waitFor(() => expect(items()).toHaveLength(20));
    fireEvent.click(screen.getByTestId('notifications-more'));
    await waitFor(() => expect(items()).toHaveLength(25));
    await waitFor(() => expect(document.activeElement).toBe(within(items()[20]!).getByRole('link')));
    expect(api.callsTo('user/listNotification').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByTestId('notifications-more')).toBeNull();
  });

  it('is offered only when logged in', async () => {
    mockApi(baseHandlers);
    const { router } = await renderApp('/profile/notification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pass/login'));
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { DEMO_ACCOUNT, sessionStore } from '@/shared/session/session-store';

const tx = (id: number, type: string, amount: string, available: string, locked: string, orderNo: string | null) => ({
  id,
  time: Date.UTC(2025, 5, 12, 10, 30) - id * 60_000,
  type,
  currency: 'USDT',
  amount,
  available,
  locked,
  orderId: orderNo ? Number(orderNo.slice(1)) : null,
  orderNo,
});

/** One movement of each kind, newest first, as the ledger writes them for an order's life. */
const everyKind = [
  tx(9, 'cfd_profit', '12.345', '12.345', '0', 'U0005'),
  tx(8, 'cfd_margin_release', '0', '9.501', '-9.501', 'U0005'),
  tx(7, 'cfd_loss', '-3.4', '-3.4', '0', 'U0004'),
  tx(6, 'cfd_fee', '-0.09501', '-0.09501', '0', 'U0005'),
  tx(5, 'cfd_margin', '0', '-9.501', '9.501', 'U0005'),
  tx(4, 'cfd_entry_release', '0', '9.59601', '-9.59601', 'U0005'),
  tx(3, 'cfd_entry', '0', '-9.59601', '9.59601', 'U0005'),
  tx(2, 'other', '1.5', '1.5', '0', null),
  tx(1, 'demo_fund', '100000', '100000', '0', null),
];

const page = (list: unknown[], pageNo: number, total: number, size = 20) => ok({ list, total, page: pageNo, size });

const rowOf = (type: string) => {
  const row = screen.getAllByTestId('record-row').find((r) => r.getAttribute('data-type') === type);
  if (!row) throw new Error(`no ${type} row`);
  return row;
};

/** The split's parts, without the isolates that keep a signed figure whole inside right-to-left text. */
const splitText = (type: string) =>
  [...within(rowOf(type)).getByTestId('record-split').children].map((el) =>
    (el.textContent ?? '').replace(/[\u2066\u2069]/g, ''),
  );

describe('transaction record', () => {
  it('lists every kind of movement with its label, sign and order, holds split into available and locked', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET user/listTransactions': () => page(everyKind, 1, everyKind.length),
    });
    await renderApp('/profile/records', { loggedIn: true });
    expect(await screen.findByTestId('records-page')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(9));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Transaction record');
    expect(screen.getAllByTestId('record-row').map((r) => r.getAttribute('data-type'))).toEqual([
      'cfd_profit',
      'cfd_margin_release',
      'cfd_loss',
      'cfd_fee',
      'cfd_margin',
      'cfd_entry_release',
      'cfd_entry',
      'other',
      'demo_fund',
    ]);

    const call = api.callsTo('user/listTransactions')[0];
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('size')).toBe('20');
    expect(call?.query.has('currency')).toBe(false);
    // Margin held and released (amount 0) are left out unless asked for.
    expect(call?.query.get('moves')).toBe('balance');

    const expectations: [type: string, label: string, amount: string, tone: string][] = [
      ['cfd_profit', 'Realised profit', '+12.345 USDT', 'change--up'],
      ['cfd_margin_release', 'Margin released', '0.00 USDT', 'change--flat'],
      ['cfd_loss', 'Realised loss', '-3.40 USDT', 'change--down'],
      ['cfd_fee', 'Trading fee', '-0.09501 USDT', 'change--down'],
      ['cfd_margin', 'Margin held', '0.00 USDT', 'change--flat'],
      ['cfd_entry_release', 'Order hold released', '0.00 USDT', 'change--flat'],
      ['cfd_entry', 'Order hold (margin + fee)', '0.00 USDT', 'change--flat'],
      ['other', 'Other', '+1.50 USDT', 'change--up'],
      ['demo_fund', 'Demo funds credited', '+100,000.00 USDT', 'change--up'],
    ];
    for (const [type, label, amount, tone] of expectations) {
      const row = rowOf(type);
      expect(row, type).toHaveTextContent(label);
      const figure = within(row).getByTestId('record-amount');
      expect((figure.textContent ?? '').replace(/[\u2066\u2069]/g, ''), type).toBe(amount);
      expect(figure.className, type).toContain(tone);
    }

    // Holds and releases change no total: their available and locked parts are spelled out.
    expect(splitText('cfd_margin')).toEqual(['Available -9.501', 'Locked +9.501']);
    expect(splitText('cfd_margin_release')).toEqual(['Available +9.501', 'Locked -9.501']);
    expect(splitText('cfd_entry')).toEqual(['Available -9.59601', 'Locked +9.59601']);
    expect(within(rowOf('cfd_fee')).queryByTestId('record-split')).toBeNull();
    expect(within(rowOf('demo_fund')).queryByTestId('record-split')).toBeNull();

    expect(within(rowOf('cfd_fee')).getByTestId('record-order')).toHaveTextContent('Order U0005');
    expect(within(rowOf('cfd_loss')).getByTestId('record-order')).toHaveTextContent('Order U0004');
    expect(within(rowOf('demo_fund')).queryByTestId('record-order')).toBeNull();
    expect(screen.queryByTestId('records-more')).toBeNull();
    // Asked for, they come too.
    fireEvent.click(screen.getByTestId('records-with-margin'));
    await waitFor(() => expect(api.callsTo('user/listTransactions').at(-1)?.query.get('moves')).toBe('all'));
  });

  it('shows an empty state when there are no movements', async () => {
    mockApi({ ...baseHandlers, 'GET user/listTransactions': () => page([], 1, 0) });
    await renderApp('/profile/records', { loggedIn: true });
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    // It says where the hidden margin moves are.
    expect(screen.getByText(/Margin held and released \(no change to your total\) are hidden/)).toBeInTheDocument();
    expect(screen.queryByTestId('record-row')).toBeNull();
    expect(screen.queryByTestId('records-more')).toBeNull();
  });

  it('loads the next page on "Load more" and hides the button after the last page', async () => {
    const all = Array.from({ length: 25 }, (_, i) => tx(100 - i, 'cfd_fee', '-0.1', '-0.1', '0', `U${100 - i}`));
    const api = mockApi({
      ...baseHandlers,
      'GET user/listTransactions': (c) => {
        const n = Number(c.query.get('page'));
        const size = Number(c.query.get('size'));
        return page(all.slice((n - 1) * size, n * size), n, all.length, size);
      },
    });
    await renderApp('/profile/records', { loggedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(20));
    fireEvent.click(screen.getByTestId('records-more'));
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(25));
    // The button is gone: focus lands on the first row the page brought, not on the document.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('record-row')[20]));
    expect(api.callsTo('user/listTransactions').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByTestId('records-more')).toBeNull();
  });

  it('shows an error with a retry, and refetches the demo book when the account mode switches', async () => {
    let failing = true;
    const api = mockApi({
      ...baseHandlers,
      'GET user/listTransactions': (c) =>
        failing
          ? { code: 500, msg: 'Server busy', result: null }
          : page(c.headers.virtually === 'YES' ? [everyKind[8]] : [everyKind[6]], 1, 1),
    });
    await renderApp('/profile/records', { loggedIn: true });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    failing = false;
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('record-row')).toHaveAttribute('data-type', 'cfd_entry'));

    act(() => sessionStore.setAccountMode(DEMO_ACCOUNT));
    await waitFor(() => expect(screen.getByTestId('record-row')).toHaveAttribute('data-type', 'demo_fund'));
    expect(api.callsTo('user/listTransactions').at(-1)?.headers.virtually).toBe('YES');
  });

  it('is linked from the account home and the margin account', async () => {
    mockApi({
      ...baseHandlers,
      'GET user/listTransactions': () => page([], 1, 0),
      'GET order/getMarginAccount': () =>
        ok({
          mode: 'real',
          currency: 'USDT',
          balance: '0',
          equity: '0',
          usedMargin: '0',
          orderMargin: '0',
          freeMargin: '0',
          openProfit: '0',
          marginLevel: null,
          stopOutLevel: '0.5',
        }),
    });
    const { router } = await renderApp('/profile', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('profile-records-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/records'));
    expect(await screen.findByTestId('records-page')).toBeInTheDocument();

    await act(() => router.navigate('/profile/balance2'));
    fireEvent.click(await screen.findByTestId('balance2-records-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/records'));
  });

  it('narrows the record by type and days, and exports the same filter as CSV', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET user/listTransactions': () => page(everyKind, 1, everyKind.length),
      'GET user/exportTransactions': () =>
        new Response('\uFEFFtime_utc,type\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="t.csv"' },
        }),
    });
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b: Blob | MediaSource) => {
      created.push(b as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderApp('/profile/records', { loggedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(9));
    fireEvent.change(screen.getByTestId('records-type'), { target: { value: 'cfd_fee' } });
    fireEvent.change(screen.getByTestId('records-from'), { target: { value: '2025-06-01' } });
    await waitFor(() => {
      const last = api.callsTo('user/listTransactions').at(-1)!;
      expect(Object.fromEntries(last.query)).toMatchObject({
        type: 'cfd_fee',
        moves: 'all',
        from: String(new Date(2025, 5, 1).getTime()),
      });
    });
    // A type shows every movement of it, margin moves included.
    expect((screen.getByTestId('records-with-margin') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('records-export'));
    await waitFor(() => expect(api.callsTo('user/exportTransactions')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('user/exportTransactions')[0]!.query)).toMatchObject({ type: 'cfd_fee' });
    await waitFor(() => expect(created).toHaveLength(1));
    vi.restoreAllMocks();
  });
});

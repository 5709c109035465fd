import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { connectLiveFeed, dispatchChannel } from '@/shared/lib/live-feed';
import { DEMO_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

// lightweight-charts draws on canvas, which jsdom lacks.
vi.mock('@/features/market/components/price-chart', () => ({ default: () => <div data-testid="chart" /> }));

const pair = {
  id: 1,
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.0001',
  minQuantity: '0.0001',
  maxQuantity: '100',
  makerFeeRate: '0.0008',
  takerFeeRate: '0.001',
  marketProtection: '0.05',
  enabled: true,
  instrumentId: 11,
  lastPrice: '65000',
  referencePrice: '65010.25',
  change24h: '1.5',
  high24h: '66000',
  low24h: '64000',
  volume24h: '12.5',
  quoteVolume24h: '812500',
};
const depth = (seq = 10) => ({
  pairId: 1,
  mode: 'real',
  seq,
  bids: [
    ['64990', '0.5'],
    ['64980', '1.25'],
  ],
  asks: [
    ['65010', '0.3'],
    ['65020', '2'],
  ],
});
const trades = [
  { id: 7, price: '65000', quantity: '0.01', side: 'buy', time: Date.UTC(2026, 0, 1, 10, 0, 7) },
  { id: 6, price: '64990', quantity: '0.02', side: 'sell', time: Date.UTC(2026, 0, 1, 10, 0, 6) },
];
const info = {
  id: 11,
  code: 'BTCUSDT',
  name: 'Bitcoin',
  type: 2,
  priceDecimals: 2,
  tickSize: '0.01',
  open: true,
  nextSessionChange: null,
  quote: { id: 11, last: '65000', ts: 1 },
};
const spotOrder = (over: Record<string, unknown> = {}) => ({
  id: 31,
  orderNo: 'S0031',
  pairId: 1,
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  status: 1,
  price: '65010',
  protectionPrice: null,
  quantity: '0.01',
  filledQuantity: '0',
  turnover: '0',
  averagePrice: null,
  fee: '0',
  held: '650.7601',
  cancelReason: null,
  createdAt: Date.UTC(2026, 0, 1, 10, 0, 0),
  updatedAt: Date.UTC(2026, 0, 1, 10, 0, 0),
  lastTradeAt: null,
  ...over,
});
/** The server's figures (order/previewBb); a VIP user's discounted rates, which the web does not compute. */
const preview = (over: Record<string, unknown> = {}) => ({
  pairId: 1,
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  quantity: '0.01',
  price: '65010',
  protectionPrice: null,
  boundPrice: '65010',
  makerFeeRate: '0.00072',
  takerFeeRate: '0.0009',
  feeRate: '0.0009',
  discount: '0.1',
  turnover: '650.1',
  fee: '0.58509',
  held: '650.7501',
  heldCurrency: 'USDT',
  total: '650.68509',
  available: '1000',
  ...over,
});
const orderList = (list: unknown[]) =>
  ok({
    list,
    total: list.length,
    page: 1,
    size: 100,
    holdings: [
      { currency: 'BTC', available: '0.5', locked: '0' },
      { currency: 'USDT', available: '1000', locked: '0' },
    ],
  });

const handlers = (over: Record<string, (call: never) => unknown> = {}) => ({
  ...baseHandlers,
  'GET index/listSpotPair': () => ok([pair]),
  'GET index/getSpotDepth': () => ok(depth()),
  'GET index/listSpotTrade': () => ok(trades),
  'GET index/getMarketInfo/*': () => ok(info),
  'GET index/getKValueByCodeAndDate': () => ok([]),
  'GET order/listUOrder': () => ok({ list: [], total: 0, page: 1, size: 50 }),
  'GET order/listBbOrder': () => orderList([]),
  ...over,
});

/** Waits until the pushes would be applied (the book shows once a frame). */
const push = async (message: Record<string, unknown>) => {
  act(() => dispatchChannel({ ch: 'spot.book', pairId: 1, mode: 'real', trades: [], bids: [], asks: [], ...message }));
  await act(() => new Promise((r) => setTimeout(r, 40)));
};
const text = (el: HTMLElement) => el.textContent?.replace(/[\u2066-\u2069]/g, '') ?? '';

describe('spot trading view', () => {
  it('lists the pairs on the Spot tab and opens one: header, book, trades and the feed chart; a login prompt for the forms', async () => {
    mockApi(handlers());
    const { router } = await renderApp('/market?type=spot');
    const row = await screen.findByTestId('spot-row-BTCUSDT');
    expect(text(row)).toContain('65,000.00');
    expect(text(row)).toContain('+1.50%');
    expect(text(row)).toContain('12.5000');
    fireEvent.click(within(row).getByRole('button', { name: 'BTC/USDT' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=spot&pair=1'));
    const view = await screen.findByTestId('spot-view');
    expect(within(view).getByTestId('spot-symbol')).toHaveTextContent('BTC/USDT');
    expect(within(view).getByTestId('spot-reference')).toHaveTextContent('65,010.25');
    expect(within(view).getByText('Feed price (reference)')).toBeInTheDocument();
    const book = await within(view).findByTestId('order-book');
    expect(within(book).getAllByTestId('book-ask').map(text)).toEqual([
      // Best ask at the bottom, next to the bids; cumulative totals from the best level.
      expect.stringMatching(/^65,020\.00\s*2\.0000\s*2\.3000$/),
      expect.stringMatching(/^65,010\.00\s*0\.3000\s*0\.3000$/),
    ]);
    expect(within(book).getAllByTestId('book-bid').map(text)[1]).toMatch(/^64,980\.00\s*1\.2500\s*1\.7500$/);
    expect(await within(view).findAllByTestId('spot-trade')).toHaveLength(2);
    expect(within(view).getByTestId('spot-last')).toHaveTextContent('65,000.00');
    expect(await within(view).findByTestId('chart')).toBeInTheDocument();
    expect(within(view).getByText('Feed price chart')).toBeInTheDocument();
    expect(within(view).getByTestId('spot-login')).toBeInTheDocument();
    expect(within(view).queryByTestId('spot-form-buy')).toBeNull();
    expect(within(view).queryByTestId('spot-orders')).toBeNull();
  });

  it('follows the book with pushes after its snapshot, adds pushed trades, and fetches the snapshot again on a gap', async () => {
    let seq = 10;
    const api = mockApi(handlers({ 'GET index/getSpotDepth': () => ok(depth(seq)) }));
    await renderApp('/market?type=spot&pair=1');
    const book = await screen.findByTestId('order-book');
    await waitFor(() => expect(book.dataset.seq).toBe('10'));
    // Not ours: another pair, the other mode, an old change.
    await push({ pairId: 2, seq: 11, asks: [['1', '1']] });
    await push({ mode: 'demo', seq: 11, asks: [['1', '1']] });
    await push({ seq: 9, asks: [['1', '1']] });
    expect(book.dataset.seq).toBe('10');
    await push({
      seq: 11,
      asks: [['65010', '0']],
      bids: [['65000', '0.7']],
      trades: [{ id: 8, price: '65010', quantity: '0.3', side: 'buy', time: Date.UTC(2026, 0, 1, 10, 0, 8) }],
    });
    expect(book.dataset.seq).toBe('11');
    expect(within(book).getAllByTestId('book-ask')).toHaveLength(1);
    expect(text(within(book).getAllByTestId('book-bid')[0]!)).toMatch(/^65,000\.00/);
    expect(screen.getAllByTestId('spot-trade')).toHaveLength(3);
    expect(screen.getByTestId('spot-last')).toHaveTextContent('65,010.00');
    // seq 13 after 11: one change was missed, the snapshot is read again.
    const before = api.callsTo('index/getSpotDepth').length;
    seq = 13;
    await push({ seq: 13, bids: [['1', '1']] });
    await waitFor(() => expect(api.callsTo('index/getSpotDepth').length).toBe(before + 1));
    await waitFor(() => expect(book.dataset.seq).toBe('13'));
    expect(within(book).getAllByTestId('book-ask')).toHaveLength(2);
  });

  it('places a limit buy at a price picked in the book, with the server’s fee, hold and total restated in the confirmation', async () => {
    const api = mockApi(
      handlers({
        'POST order/previewBb': () => ok(preview()),
        'POST order/submit': () =>
          ok(spotOrder({ status: 3, filledQuantity: '0.01', averagePrice: '65010', turnover: '650.1' }), {
            msgCode: 20004,
          }),
      }),
    );
    await renderApp('/market?type=spot&pair=1', { loggedIn: true });
    const form = await screen.findByTestId('spot-form-buy');
    await waitFor(() => expect(within(form).getByTestId('spot-buy-available')).toHaveTextContent('1,000.00 USDT'));
    fireEvent.click((await screen.findAllByTestId('book-ask'))[1]!);
    expect(within(form).getByTestId('spot-buy-price')).toHaveValue('65010');
    fireEvent.change(within(form).getByTestId('spot-buy-quantity'), { target: { value: '0.01' } });
    // The figures are the server's, asked once the typing pauses, never priced here.
    await waitFor(() => expect(within(form).getByTestId('spot-buy-fee')).toHaveTextContent('0.58509 USDT'));
    expect(api.callsTo('order/previewBb').at(-1)?.body).toEqual({
      pairId: 1,
      side: 'buy',
      type: 'limit',
      price: '65010',
      timeInForce: 'GTC',
      quantity: '0.01',
    });
    expect(api.callsTo('order/previewBb').at(-1)?.headers.virtually).toBe('NO');
    expect(text(form)).toContain('Fee, at most (0.09%)');
    expect(within(form).getByTestId('spot-buy-held')).toHaveTextContent('650.7501 USDT');
    expect(within(form).getByTestId('spot-buy-total')).toHaveTextContent('650.68509 USDT');
    expect(text(within(form).getByTestId('spot-buy-rates'))).toBe('Your fee rates: maker 0.072%, taker 0.09%');
    fireEvent.click(within(form).getByTestId('spot-buy-submit'));
    const dialog = await screen.findByTestId('spot-confirm');
    expect(within(dialog).getByTestId('spot-confirm-order')).toHaveTextContent('Buy · Limit · Good till cancelled');
    expect(within(dialog).getByTestId('spot-confirm-price')).toHaveTextContent('65,010.00 USDT');
    expect(within(dialog).getByTestId('spot-confirm-quantity')).toHaveTextContent('0.01 BTC');
    expect(within(dialog).getByTestId('spot-confirm-fee')).toHaveTextContent('0.58509 USDT');
    expect(within(dialog).getByTestId('spot-confirm-held')).toHaveTextContent('650.7501 USDT');
    expect(within(dialog).getByTestId('spot-confirm-total')).toHaveTextContent('650.68509 USDT');
    expect(api.callsTo('order/submit')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('spot-confirm-submit'));
    await waitFor(() => expect(api.callsTo('order/submit')).toHaveLength(1));
    const call = api.callsTo('order/submit')[0]!;
    expect(call.body).toMatchObject({
      pairId: 1,
      side: 'buy',
      type: 'limit',
      timeInForce: 'GTC',
      price: '65010',
      quantity: '0.01',
    });
    expect((call.body as { clientOrderId: string }).clientOrderId).toMatch(/^web-/);
    expect(call.headers.virtually).toBe('NO');
    const toastEl = await screen.findByTestId('toast');
    expect(text(toastEl)).toContain('Buy 0.0100 BTC: filled at an average of 65,010.00');
  });

  it('sells at market: the protection bound before the confirm, a share of the base balance as the quantity', async () => {
    const api = mockApi(
      handlers({
        'POST order/submit': () => ok(spotOrder({ side: 'sell', type: 'market', status: 2, price: null })),
        'POST order/previewBb': () =>
          ok(
            preview({
              side: 'sell',
              type: 'market',
              timeInForce: 'IOC',
              quantity: '0.25',
              price: '64990',
              protectionPrice: '61740.5',
              boundPrice: '61740.5',
              makerFeeRate: '0.0008',
              takerFeeRate: '0.001',
              feeRate: '0.001',
              discount: '0',
              turnover: '15435.125',
              fee: '15.435125',
              held: '0.25',
              heldCurrency: 'BTC',
              total: '15419.689875',
              available: '0.5',
            }),
          ),
      }),
    );
    await renderApp('/market?type=spot&pair=1', { loggedIn: true });
    const form = await screen.findByTestId('spot-form-sell');
    await screen.findAllByTestId('book-bid');
    fireEvent.click(within(form).getByTestId('spot-sell-type-market'));
    // Best bid 64,990; 5 % protection: no lower than 61,740.50.
    expect(text(within(form).getByTestId('spot-sell-market-note'))).toContain('64,990.00');
    expect(text(within(form).getByTestId('spot-sell-market-note'))).toContain('61,740.50');
    await waitFor(() => expect(within(form).getByTestId('spot-sell-share-50')).not.toBeDisabled());
    fireEvent.click(within(form).getByTestId('spot-sell-share-50'));
    expect(within(form).getByTestId('spot-sell-quantity')).toHaveValue('0.25');
    // At its protection 61,740.50: 0.25 × 61,740.5 = 15,435.125; fee 15.435125; received at least 15,419.689875.
    await waitFor(() => expect(within(form).getByTestId('spot-sell-total')).toHaveTextContent('15,419.689875 USDT'));
    expect(text(form)).toContain('Total to receive, at least');
    expect(text(form)).toContain('Fee at this price, at most (0.1%)');
    expect(api.callsTo('order/previewBb').at(-1)?.body).toEqual({
      pairId: 1,
      side: 'sell',
      type: 'market',
      quantity: '0.25',
    });
    fireEvent.click(within(form).getByTestId('spot-sell-submit'));
    const dialog = await screen.findByTestId('spot-confirm');
    expect(within(dialog).getByTestId('spot-confirm-price')).toHaveTextContent('64,990.00 USDT');
    expect(within(dialog).getByTestId('spot-confirm-protection')).toHaveTextContent('61,740.50 USDT');
    expect(within(dialog).getByTestId('spot-confirm-fee')).toHaveTextContent('15.435125 USDT');
    expect(within(dialog).queryByTestId('spot-confirm-held')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('spot-confirm-submit'));
    await waitFor(() => expect(api.callsTo('order/submit')).toHaveLength(1));
    const body = api.callsTo('order/submit')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ side: 'sell', type: 'market', quantity: '0.25' });
    expect(body.price).toBeUndefined();
    expect(body.timeInForce).toBeUndefined();
    expect(text(await screen.findByTestId('toast'))).toContain('Nothing could trade at once');
  });

  it('says when a buy needs more than the balance, and shows the server’s refusal in its words', async () => {
    const api = mockApi(
      handlers({
        'POST order/submit': () => fail(40051, 'Post-only refused'),
        'POST order/previewBb': (call: { body: { quantity: string; timeInForce?: string } }) =>
          call.body.quantity === '1'
            ? ok(preview({ quantity: '1', held: '65065', total: '65058.5', fee: '58.5', turnover: '65000' }))
            : ok(preview({ quantity: call.body.quantity, timeInForce: call.body.timeInForce })),
      }),
    );
    await renderApp('/market?type=spot&pair=1', { loggedIn: true });
    const form = await screen.findByTestId('spot-form-buy');
    await waitFor(() => expect(within(form).getByTestId('spot-buy-available')).toHaveTextContent('1,000.00 USDT'));
    fireEvent.change(within(form).getByTestId('spot-buy-price'), { target: { value: '65000' } });
    fireEvent.change(within(form).getByTestId('spot-buy-quantity'), { target: { value: '1' } });
    await waitFor(() => expect(within(form).getByTestId('spot-buy-held')).toHaveTextContent('65,065.00 USDT'));
    fireEvent.click(within(form).getByTestId('spot-buy-submit'));
    expect(text(await within(form).findByTestId('spot-buy-short'))).toContain(
      'This needs 65,065.00 USDT; 1,000.00 USDT is available',
    );
    expect(screen.queryByTestId('spot-confirm')).toBeNull();
    fireEvent.change(within(form).getByTestId('spot-buy-quantity'), { target: { value: '0.00015' } });
    expect(await within(form).findByText('In steps of 0.0001 BTC')).toBeInTheDocument();
    fireEvent.change(within(form).getByTestId('spot-buy-quantity'), { target: { value: '0.001' } });
    fireEvent.change(within(form).getByTestId('spot-buy-tif'), { target: { value: 'POST_ONLY' } });
    await waitFor(() =>
      expect(api.callsTo('order/previewBb').at(-1)?.body).toMatchObject({ timeInForce: 'POST_ONLY' }),
    );
    await waitFor(() => expect(within(form).getByTestId('spot-buy-submit')).not.toBeDisabled());
    fireEvent.click(within(form).getByTestId('spot-buy-submit'));
    fireEvent.click(within(await screen.findByTestId('spot-confirm')).getByTestId('spot-confirm-submit'));
    await waitFor(() => expect(api.callsTo('order/submit')).toHaveLength(1));
    expect(api.callsTo('order/submit')[0]?.body).toMatchObject({ timeInForce: 'POST_ONLY' });
    expect(text(await screen.findByTestId('toast'))).toContain('Post-only refused');
  });

  it('shows the server’s refusal of the previewed order in its words, and no confirmation', async () => {
    const api = mockApi(
      handlers({
        'POST order/previewBb': () => fail(10015, 'This pair cannot be traded now', { field: 'pairId' }),
      }),
    );
    await renderApp('/market?type=spot&pair=1', { loggedIn: true });
    const form = await screen.findByTestId('spot-form-buy');
    fireEvent.change(within(form).getByTestId('spot-buy-price'), { target: { value: '65000' } });
    fireEvent.change(within(form).getByTestId('spot-buy-quantity'), { target: { value: '0.01' } });
    expect(text(await within(form).findByTestId('spot-buy-preview-error'))).toBe('This pair cannot be traded now');
    expect(within(form).getByTestId('spot-buy-fee')).toHaveTextContent('—');
    fireEvent.click(within(form).getByTestId('spot-buy-submit'));
    expect(screen.queryByTestId('spot-confirm')).toBeNull();
    expect(api.callsTo('order/submit')).toHaveLength(0);
    // The form's own checks come first: no request for an order that is not whole.
    const asked = api.callsTo('order/previewBb').length;
    fireEvent.change(within(form).getByTestId('spot-buy-quantity'), { target: { value: '0.00015' } });
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(api.callsTo('order/previewBb')).toHaveLength(asked);
    expect(within(form).queryByTestId('spot-buy-preview-error')).toBeNull();
  });

  it('lists open orders with cancel, history with fills, and reads them again on a spot.orders push', async () => {
    const api = mockApi(
      handlers({
        'GET order/listBbOrder': (call: { query: URLSearchParams }) =>
          orderList(
            call.query.get('status') === '1'
              ? [spotOrder()]
              : call.query.get('status') === '3'
                ? [spotOrder({ id: 32, orderNo: 'S0032', status: 3, filledQuantity: '0.01', averagePrice: '65000' })]
                : [],
          ),
        'POST order/chedan': () => ok(spotOrder({ status: 2, cancelReason: 'user' })),
        'GET order/getBbOrderById/*': () =>
          ok(
            spotOrder({
              id: 32,
              status: 3,
              fills: [
                {
                  id: 90,
                  price: '65000',
                  quantity: '0.01',
                  turnover: '650',
                  fee: '0.52',
                  role: 'maker',
                  time: Date.UTC(2026, 0, 1, 10, 1),
                },
              ],
            }),
          ),
      }),
    );
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    await renderApp('/market?type=spot&pair=1', { loggedIn: true });
    const open = await screen.findByTestId('spot-open-S0031');
    expect(api.callsTo('order/listBbOrder')[0]?.headers.virtually).toBe('YES');
    expect(api.callsTo('index/getSpotDepth')[0]?.headers.virtually).toBe('YES');
    expect(text(within(open).getByTestId('spot-order-filled'))).toBe('0.0000 / 0.0100');
    fireEvent.click(within(open).getByTestId('spot-cancel'));
    await waitFor(() => expect(api.callsTo('order/chedan')[0]?.body).toEqual({ id: 31, kind: 'spot' }));
    expect(await screen.findByText('Order S0031 cancelled')).toBeInTheDocument();

    const lists = api.callsTo('order/listBbOrder').length;
    act(() => dispatchChannel({ ch: 'spot.orders', mode: 'demo', ids: [31] }));
    await waitFor(() => expect(api.callsTo('order/listBbOrder').length).toBeGreaterThan(lists));

    fireEvent.click(screen.getByTestId('spot-orders-tab-history'));
    const done = await screen.findByTestId('spot-history-S0032');
    fireEvent.click(within(done).getByTestId('spot-fills-toggle'));
    const fill = await within(done).findByTestId('spot-fill');
    expect(text(fill)).toContain('0.52 USDT');
    expect(text(fill)).toContain('Maker');
    expect(api.callsTo('order/getBbOrderById/32')).toHaveLength(1);
  });

  it('shows one side’s form at a time on a phone, below the book, trades and chart tabs', async () => {
    sessionStore.setWindow(390, false);
    mockApi(handlers());
    await renderApp('/market?type=spot&pair=1', { loggedIn: true });
    const shown = (id: string) => screen.getByTestId(id).closest('[hidden]') === null;
    await screen.findByTestId('spot-form-buy');
    expect(shown('spot-form-buy')).toBe(true);
    expect(shown('spot-form-sell')).toBe(false);
    // What was typed on one side is still there after a look at the other.
    fireEvent.change(screen.getByTestId('spot-buy-quantity'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('spot-side-sell'));
    expect(shown('spot-form-sell')).toBe(true);
    expect(shown('spot-form-buy')).toBe(false);
    fireEvent.click(screen.getByTestId('spot-side-buy'));
    expect(screen.getByTestId('spot-buy-quantity')).toHaveValue('0.5');
    fireEvent.click(screen.getByTestId('spot-side-sell'));
    expect(await screen.findByTestId('order-book')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('spot-panel-trades'));
    expect(await screen.findAllByTestId('spot-trade')).toHaveLength(2);
    expect(screen.queryByTestId('order-book')).toBeNull();
    fireEvent.click(screen.getByTestId('spot-panel-chart'));
    expect(await screen.findByTestId('spot-chart')).toBeInTheDocument();
  });

  it('subscribes to the book on the socket, and after a reconnect subscribes again and reads the snapshot again', async () => {
    const sockets: { sent: string[]; readyState: number; onopen?: () => void; onclose?: () => void }[] = [];
    const timers: (() => void)[] = [];
    const feed = connectLiveFeed({
      url: 'ws://test/message',
      createSocket: () => {
        const socket = { sent: [] as string[], readyState: 0, send: (d: string) => socket.sent.push(d), close() {} };
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
      heartbeatMs: 1e9,
      log: { warn: vi.fn() },
    });
    const api = mockApi(handlers());
    const open = (i: number) =>
      act(() => {
        sockets[i]!.readyState = 1;
        sockets[i]!.onopen?.();
      });
    open(0);
    await renderApp('/market?type=spot&pair=1');
    await screen.findByTestId('order-book');
    const frames = (i: number) => sockets[i]!.sent.map((f) => JSON.parse(f));
    expect(frames(0)).toContainEqual({ op: 'sub', ch: 'spot', pairId: 1, mode: 'real' });
    const reads = api.callsTo('index/getSpotDepth').length;
    act(() => {
      sockets[0]!.readyState = 3;
      sockets[0]!.onclose?.();
    });
    act(() => timers[0]?.());
    open(1);
    expect(frames(1)).toContainEqual({ op: 'sub', ch: 'spot', pairId: 1, mode: 'real' });
    await waitFor(() => expect(api.callsTo('index/getSpotDepth').length).toBe(reads + 1));
    // The demo account: the real book's subscription goes, the demo book's comes, and its snapshot is read.
    act(() => sessionStore.setAccountMode(DEMO_ACCOUNT));
    await waitFor(() => expect(frames(1)).toContainEqual({ op: 'unsub', ch: 'spot', pairId: 1, mode: 'real' }));
    await waitFor(() => expect(frames(1)).toContainEqual({ op: 'sub', ch: 'spot', pairId: 1, mode: 'demo' }));
    await waitFor(() => expect(api.callsTo('index/getSpotDepth').at(-1)?.headers.virtually).toBe('YES'));
    feed.close();
  });
});

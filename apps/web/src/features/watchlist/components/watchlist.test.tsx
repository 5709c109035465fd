import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { alert, btc, btcInfo, eth } from '../test-data';

// lightweight-charts draws on canvas, which jsdom lacks; the chart has its own browser journey.
vi.mock('@/features/market/components/price-chart', () => ({ default: () => <div data-testid="chart" /> }));

const empty = ok({ list: [], total: 0, page: 1, size: 50 });
const market = {
  ...baseHandlers,
  'GET index/listMarketByType': () => ok([btc, eth]),
  'GET index/getMarketInfo/*': () => ok(btcInfo),
  'GET index/getKValueByCodeAndDate': () => ok([]),
  'GET order/listUOrder': () => empty,
  'GET order/getMarginAccount': () => fail(80005, 'No record found'),
  'POST order/previewU': () => fail(10015, 'Closed'),
};
const rows = () => screen.getAllByTestId(/^market-row-/).map((r) => r.dataset.testid);

describe('favourites on the market list', () => {
  it('lists favourites first, and the star adds and removes one (a pressed toggle named for its instrument)', async () => {
    let favourites = [{ instrumentId: 12, code: 'ETHUSDT', addedAt: 1 }];
    const api = mockApi({
      ...market,
      'GET user/listFavourite': () => ok({ list: favourites, max: 100 }),
      'POST user/addFavourite': (c) => {
        const id = (c.body as { instrumentId: number }).instrumentId;
        favourites = [...favourites, { instrumentId: id, code: id === 11 ? 'BTCUSDT' : 'ETHUSDT', addedAt: 2 }];
        return ok({ list: favourites, max: 100 });
      },
      'POST user/removeFavourite': (c) => {
        favourites = favourites.filter((f) => f.instrumentId !== (c.body as { instrumentId: number }).instrumentId);
        return ok({ list: favourites, max: 100 });
      },
    });
    await renderApp('/market?type=crypto', { loggedIn: true });
    await waitFor(() => expect(rows()).toEqual(['market-row-ETHUSDT', 'market-row-BTCUSDT']));
    const star = within(screen.getByTestId('market-row-BTCUSDT')).getByRole('button', { name: 'Favourite: Bitcoin' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(within(screen.getByTestId('market-row-ETHUSDT')).getByTestId('favourite-ETHUSDT')).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    fireEvent.click(star);
    // The star turns on; the click does not also open the row's instrument.
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(api.callsTo('user/addFavourite')).toHaveLength(1));
    expect(api.callsTo('user/addFavourite')[0]?.body).toEqual({ instrumentId: 11 });
    expect(screen.queryByTestId('instrument-view')).toBeNull();
    await waitFor(() => expect(rows()).toEqual(['market-row-BTCUSDT', 'market-row-ETHUSDT']));

    fireEvent.click(within(screen.getByTestId('market-row-ETHUSDT')).getByTestId('favourite-ETHUSDT'));
    await waitFor(() => expect(api.callsTo('user/removeFavourite')[0]?.body).toEqual({ instrumentId: 12 }));
    await waitFor(() => expect(screen.getByTestId('favourite-ETHUSDT')).toHaveAttribute('aria-pressed', 'false'));
  });

  it('puts the star back and says why when the server refuses (the cap)', async () => {
    mockApi({
      ...market,
      'GET user/listFavourite': () => ok({ list: [], max: 100 }),
      'POST user/addFavourite': () => fail(40029, 'You can keep up to 100 favourites. Remove one to add another'),
    });
    await renderApp('/market?type=crypto', { loggedIn: true });
    const star = await screen.findByTestId('favourite-BTCUSDT');
    fireEvent.click(star);
    expect(await screen.findByTestId('toast')).toHaveTextContent('You can keep up to 100 favourites');
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
  });

  it('asks a signed-out visitor to log in, and calls nothing', async () => {
    const api = mockApi({ ...market });
    await renderApp('/market?type=crypto');
    fireEvent.click(await screen.findByTestId('favourite-BTCUSDT'));
    const dialog = await screen.findByTestId('favourite-login');
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/pass/login?redirect=%2Fmarket%3Ftype%3Dcrypto',
    );
    expect(api.callsTo('user/listFavourite')).toHaveLength(0);
    expect(api.callsTo('user/addFavourite')).toHaveLength(0);
  });
});

describe('price alerts from the instrument view', () => {
  it('sets an alert: price now shown, direction from the target, a reached target refused before sending', async () => {
    let active = [alert({ price: '97000.00' })];
    const api = mockApi({
      ...market,
      'GET user/listFavourite': () => ok({ list: [], max: 100 }),
      'GET user/listPriceAlert': () => ok({ active, fired: [], max: 50 }),
      'POST user/addPriceAlert': (c) => {
        const body = c.body as { condition: 'above' | 'below'; price: string };
        const made = alert({ id: 4_503_599_627_370_777, condition: body.condition, price: '94000.50' });
        active = [made, ...active];
        return ok(made);
      },
    });
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    await screen.findByTestId('instrument-view');
    const view = screen.getByTestId('instrument-view');
    expect(within(view).getByRole('button', { name: 'Favourite: Bitcoin' })).toBeInTheDocument();
    const button = await screen.findByTestId('alert-button');
    await waitFor(() => expect(button).toHaveAttribute('aria-label', 'Price alert: 1 waiting'));
    fireEvent.click(button);

    const dialog = await screen.findByTestId('alert-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Price alert · Bitcoin' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('alert-price-now')).toHaveTextContent('95,000.00');
    expect(within(dialog).getAllByTestId('alert-item')).toHaveLength(1);
    const target = within(dialog).getByLabelText('Target price');
    expect(document.activeElement).toBe(target);

    // Above the price → a rise; then "rise" with a target under the price is refused here.
    fireEvent.change(target, { target: { value: '96000' } });
    expect((within(dialog).getByTestId('alert-condition-above') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(target, { target: { value: '94000.5' } });
    expect((within(dialog).getByTestId('alert-condition-below') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByTestId('alert-condition-above'));
    fireEvent.click(within(dialog).getByTestId('alert-submit'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The price is already at or above this target: choose a higher one, or alert on a fall',
    );
    expect(target).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(target, { target: { value: '94000.555' } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Use at most 2 decimal places');
    expect(api.callsTo('user/addPriceAlert')).toHaveLength(0);

    fireEvent.change(target, { target: { value: '94000.5' } });
    fireEvent.click(within(dialog).getByTestId('alert-submit'));
    await waitFor(() => expect(api.callsTo('user/addPriceAlert')).toHaveLength(1));
    expect(api.callsTo('user/addPriceAlert')[0]?.body).toEqual({
      instrumentId: 11,
      condition: 'below',
      price: '94000.5',
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Alert set: BTCUSDT at or below 94,000.50');
    await waitFor(() => expect(screen.queryByTestId('alert-dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveAttribute('aria-label', 'Price alert: 2 waiting'));
  }, 15_000);

  it('shows the server’s refusal of the target on the field', async () => {
    mockApi({
      ...market,
      'GET user/listFavourite': () => ok({ list: [], max: 100 }),
      'GET user/listPriceAlert': () => ok({ active: [], fired: [], max: 50 }),
      'POST user/addPriceAlert': () =>
        fail(40031, 'The price (96100.00) has already reached this target.', { field: 'price' }),
    });
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('alert-button'));
    const dialog = await screen.findByTestId('alert-dialog');
    fireEvent.change(within(dialog).getByLabelText('Target price'), { target: { value: '96000' } });
    fireEvent.click(within(dialog).getByTestId('alert-submit'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The price (96100.00) has already reached');
    expect(screen.getByTestId('alert-dialog')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in', async () => {
    mockApi({ ...market });
    await renderApp('/market?type=crypto&id=11');
    fireEvent.click(await screen.findByTestId('alert-button'));
    expect(await screen.findByTestId('alert-login')).toHaveTextContent('Log in to set price alerts');
  });
});

describe('/profile/alerts', () => {
  it('lists waiting and fired alerts (with the tick that fired each) and favourites; deletes one', async () => {
    let active = [alert(), alert({ id: 4_503_599_627_370_502, condition: 'below', price: '90000.00' })];
    const fired = alert({
      id: 4_503_599_627_370_503,
      status: 'fired',
      price: '95500.00',
      firedAt: Date.UTC(2026, 10, 18, 16, 0),
      firedPrice: '95512.34',
      firedTickId: 812,
    });
    const api = mockApi({
      ...baseHandlers,
      'GET user/listFavourite': () => ok({ list: [{ instrumentId: 11, code: 'BTCUSDT', addedAt: 1 }], max: 100 }),
      'GET user/listPriceAlert': () => ok({ active, fired: [fired], max: 50 }),
      'POST user/removePriceAlert': (c) => {
        const id = (c.body as { id: number }).id;
        active = active.filter((a) => a.id !== id);
        return ok({ id });
      },
    });
    await renderApp('/profile/alerts', { loggedIn: true });
    const waiting = await screen.findByTestId('alerts-waiting');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Price alerts and favourites');
    expect(screen.getByTestId('alerts-count')).toHaveTextContent('2 of 50');
    const items = within(waiting).getAllByTestId('alert-item');
    expect(items.map((i) => within(i).getByTestId('alert-rule').textContent)).toEqual([
      'At or above 96,000.00',
      'At or below 90,000.00',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/market?id=BTCUSDT');
    const firedItem = within(screen.getByTestId('alerts-fired')).getByTestId('alert-item');
    expect(within(firedItem).getByTestId('alert-fired')).toHaveTextContent('Reached 95,512.34');
    expect(within(firedItem).getByTestId('alert-fired')).toHaveTextContent('tick #812');
    expect(within(screen.getByTestId('favourites-list')).getByRole('link', { name: 'BTCUSDT' })).toBeInTheDocument();

    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Delete alert: BTCUSDT at or below 90,000.00' }));
    await waitFor(() => expect(api.callsTo('user/removePriceAlert')[0]?.body).toEqual({ id: 4_503_599_627_370_502 }));
    await waitFor(() =>
      expect(within(screen.getByTestId('alerts-waiting')).getAllByTestId('alert-item')).toHaveLength(1),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('Alert deleted');
  });

  it('needs a session', async () => {
    mockApi({ ...baseHandlers });
    const { router } = await renderApp('/profile/alerts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pass/login'));
  });
});

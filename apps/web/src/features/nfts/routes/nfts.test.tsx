import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REAL_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { ok } from '@/shared/test/mock-api';
import { renderApp } from '@/shared/test/render-app';
import { HOUR_MS, listResult, myPage, nftApi, nftItem, plain } from '../test/fixtures';

describe('/nfts', () => {
  it('shows the public donation total, the charities and the items with their price, edition and time left', async () => {
    nftApi({
      'GET index/listNft': () =>
        ok(
          listResult([
            nftItem(),
            nftItem({
              id: 9002,
              title: 'Red fox',
              currentBid: null,
              bids: 0,
              status: 'upcoming',
              startAt: Date.now() + HOUR_MS,
            }),
            nftItem({
              id: 9003,
              title: 'Old owl',
              status: 'sold',
              soldPrice: '150',
              soldBy: 'auction',
              soldAt: Date.now(),
            }),
          ]),
        ),
    });
    await renderApp('/nfts');
    const total = await screen.findByTestId('nft-donated-USDT');
    expect(plain(total)).toBe('15,230.50 USDT');
    expect(plain(screen.getByTestId('nft-charity-1'))).toContain('Children First');
    const cards = screen.getAllByTestId('nft-card');
    expect(cards).toHaveLength(3);
    const [live, upcoming, sold] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(live).toHaveTextContent('Blue whale');
    expect(plain(within(live).getByTestId('nft-card-price'))).toBe('12.50 USDT');
    expect(plain(within(live).getByTestId('nft-card-edition'))).toBe('3 / 10');
    expect(plain(within(live).getByTestId('nft-card-countdown'))).toMatch(/^03:04:0\d left$/);
    expect(within(live).getByTestId('nft-status')).toHaveTextContent('Live');
    expect(live).toHaveTextContent('for Children First');
    expect(within(live).getByRole('link')).toHaveAttribute('href', '/nfts/9001');
    expect(live.querySelector('img')).toHaveAttribute(
      'src',
      '/swx/customer/index/nftImage/11111111-1111-1111-1111-111111111111?variant=thumbnail',
    );
    expect(within(upcoming).getByText('Starting price')).toBeInTheDocument();
    expect(plain(within(upcoming).getByTestId('nft-card-countdown'))).toMatch(/^Starts in 0(0:59|1:00):\d\d$/);
    expect(within(sold).getByTestId('nft-status')).toHaveTextContent('Sold');
    expect(plain(within(sold).getByTestId('nft-card-price'))).toBe('150.00 USDT');
    // No chain adapter: the chain is named as informational.
    expect(screen.getByTestId('nft-chain-notice')).toHaveTextContent(
      'Ownership is recorded on this platform; no token is minted on Ethereum.',
    );
  });

  it('asks the server for the filter and collection chosen, and pages', async () => {
    const api = nftApi({
      'GET index/listNft': (call) =>
        ok({ ...listResult([nftItem({ id: Number(call.query.get('page')) * 100 })]), total: 30 }),
    });
    await renderApp('/nfts');
    await screen.findByTestId('nft-grid');
    const last = () => api.callsTo('index/listNft').at(-1)?.query;
    expect(last()?.get('filter')).toBe('all');
    fireEvent.click(screen.getByTestId('nft-filter-ending'));
    await waitFor(() => expect(last()?.get('filter')).toBe('ending'));
    fireEvent.change(screen.getByTestId('nft-collection'), { target: { value: '8' } });
    await waitFor(() => expect(last()?.get('collectionId')).toBe('8'));
    expect(last()?.get('filter')).toBe('ending');
    await screen.findByTestId('nft-card-link-100');
    fireEvent.click(screen.getByTestId('nft-load-more'));
    await screen.findByTestId('nft-card-link-200');
    expect(last()?.get('page')).toBe('2');
  });

  it('says so when a filter has nothing', async () => {
    nftApi({ 'GET index/listNft': (call) => ok(listResult(call.query.get('filter') === 'sold' ? [] : [nftItem()])) });
    await renderApp('/nfts?filter=sold');
    expect(await screen.findByText('No NFTs match this filter')).toBeInTheDocument();
    expect((screen.getByTestId('nft-filter-sold') as HTMLInputElement).checked).toBe(true);
  });

  it('asks to log in for my NFTs', async () => {
    nftApi();
    await renderApp('/nfts?tab=mine');
    expect(await screen.findByText('Log in to see the NFTs you own and your bids.')).toBeInTheDocument();
  });

  it('lists my NFTs by state with the receipt of what I won or bought', async () => {
    const won = nftItem({
      id: 1,
      title: 'Won whale',
      status: 'sold',
      soldPrice: '80',
      soldBy: 'auction',
      soldAt: Date.now(),
    });
    const api = nftApi({
      'GET user/listNft': (call) =>
        ok(
          call.query.get('state') === 'outbid'
            ? myPage([])
            : myPage([
                {
                  state: 'won',
                  item: won,
                  receipt: {
                    amount: '80',
                    currency: 'USDT',
                    charity: 'Children First',
                    by: 'auction',
                    at: Date.now(),
                    transferId: 4711,
                  },
                },
                {
                  state: 'bought',
                  item: nftItem({ id: 2, title: 'Bought bear', status: 'sold' }),
                  receipt: {
                    amount: '200',
                    currency: 'USDT',
                    charity: 'Children First',
                    by: 'buy_now',
                    at: Date.now(),
                    transferId: 4712,
                  },
                },
                {
                  state: 'outbid',
                  item: nftItem({ id: 3, mine: { leading: false, myBid: '11', owner: false, seller: false } }),
                  receipt: null,
                },
                { state: 'lost', item: nftItem({ id: 4, status: 'sold' }), receipt: null },
              ]),
        ),
    });
    sessionStore.setAccountMode(REAL_ACCOUNT);
    await renderApp('/nfts', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('nfts-tab-mine'));
    const row = await screen.findByTestId('nft-mine-1');
    expect(within(row).getByTestId('nft-mine-state')).toHaveTextContent('Won');
    expect(plain(within(row).getByTestId('nft-receipt-amount'))).toBe('80.00 USDT');
    expect(within(row).getByTestId('nft-receipt-charity')).toHaveTextContent('Children First');
    expect(within(row).getByTestId('nft-receipt-by')).toHaveTextContent('Auction');
    expect(within(row).getByTestId('nft-receipt-transfer')).toHaveTextContent('#4711');
    expect(within(screen.getByTestId('nft-mine-2')).getByTestId('nft-receipt-by')).toHaveTextContent('Buy now');
    const outbid = screen.getByTestId('nft-mine-3');
    expect(within(outbid).getByTestId('nft-mine-state')).toHaveTextContent('Outbid');
    expect(plain(outbid)).toContain('My bid 11.00 USDT');
    expect(within(outbid).queryByTestId('nft-receipt')).toBeNull();
    expect(within(screen.getByTestId('nft-mine-4')).getByTestId('nft-mine-state')).toHaveTextContent('Lost');
    fireEvent.click(screen.getByTestId('nft-mine-filter-outbid'));
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    expect(api.callsTo('user/listNft').at(-1)?.query.get('state')).toBe('outbid');
  });

  it('renders right to left in Arabic with the figures kept left to right', async () => {
    nftApi();
    sessionStore.setLanguage('ar');
    await renderApp('/nfts');
    const total = await screen.findByTestId('nft-donated-USDT');
    expect(document.documentElement.dir).toBe('rtl');
    expect(total.textContent).toContain('\u206615,230.50 USDT\u2069');
    expect(screen.getByRole('heading', { name: 'ما تم التبرع به للأعمال الخيرية حتى الآن' })).toBeInTheDocument();
    expect(screen.getByTestId('nft-filter-live').closest('label')).toHaveTextContent('مباشر');
    expect(screen.getByTestId('nft-card-countdown').textContent).toContain('متبقٍ');
  });
});

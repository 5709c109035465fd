import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, REAL_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { fail, ok } from '@/shared/test/mock-api';
import { resetServerClock } from '@/shared/lib/server-clock';
import { renderApp } from '@/shared/test/render-app';
import { balances, bid, HOUR_MS, nftApi, nftDetail, plain } from '../test/fixtures';

const mine = { leading: false, myBid: null, owner: false, seller: false };

async function openBid(extra: Parameters<typeof nftApi>[0] = {}) {
  const api = nftApi({ 'GET index/getNftById/*': () => ok(nftDetail({ mine })), ...extra });
  sessionStore.setAccountMode(REAL_ACCOUNT);
  await renderApp('/nfts/9001', { loggedIn: true });
  fireEvent.click(await screen.findByTestId('nft-bid-open'));
  const dialog = await screen.findByTestId('nft-bid-dialog');
  await waitFor(() => expect(plain(within(dialog).getByTestId('nft-bid-available'))).toBe('100.00 USDT'));
  return { api, dialog };
}

const typeBid = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByTestId('nft-bid-amount'), { target: { value } });

describe('/nfts/:id', () => {
  afterEach(() => resetServerClock());

  it('counts down on the server’s clock, not the device’s', async () => {
    const now = Date.now();
    // The device runs an hour behind the server: the auction ends two hours from the device's
    // time, one hour from the server's.
    nftApi({
      'GET index/getNftById/*': () =>
        ok(nftDetail({ serverTime: now + HOUR_MS, endAt: now + 2 * HOUR_MS, originalEndAt: now + 2 * HOUR_MS })),
    });
    await renderApp('/nfts/9001');
    await screen.findByTestId('nft-title');
    await waitFor(() => expect(plain(screen.getByTestId('nft-countdown'))).toMatch(/^(00:59:5\d|01:00:00) left/));
  });

  it('shows the item: facts, rules, charity, masked history with "you", chain notice and the live countdown', async () => {
    const now = Date.now();
    nftApi({
      'GET index/getNftById/*': () =>
        ok(
          nftDetail({
            endAt: now + 20 * 60_000,
            originalEndAt: now + 5 * 60_000,
            history: [
              bid({ amount: '12.5', bidder: 'you', mine: true, extendedTo: now + 20 * 60_000 }),
              bid({ amount: '10', bidder: 'b***y' }),
            ],
          }),
        ),
    });
    await renderApp('/nfts/9001');
    expect(await screen.findByTestId('nft-title')).toHaveTextContent('Blue whale');
    expect(plain(screen.getByTestId('nft-fact-edition'))).toBe('3 / 10');
    expect(screen.getByTestId('nft-fact-chain')).toHaveTextContent('Ethereum');
    expect(screen.getByTestId('nft-fact-creator')).toHaveTextContent('Mia');
    expect(screen.getByTestId('nft-reserve-state')).toHaveTextContent('Reserve not met yet');
    expect(plain(screen.getByTestId('nft-rule-step'))).toBe('Every later bid beats the highest bid by at least 5%.');
    expect(screen.getByTestId('nft-rule-extend')).toHaveTextContent('A bid in the last 15 minutes moves the end');
    expect(plain(screen.getByTestId('nft-rule-reserve'))).toContain('below the reserve (50.00 USDT)');
    expect(plain(screen.getByTestId('nft-charity-donated'))).toBe('15,230.50 USDT');
    const rows = screen.getAllByTestId('nft-history-row');
    expect(rows[0]).toHaveTextContent('You');
    expect(within(rows[0] as HTMLElement).getByTestId('nft-history-extended')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('b***y');
    expect(plain(screen.getByTestId('nft-price'))).toBe('12.50 USDT');
    expect(plain(screen.getByTestId('nft-countdown'))).toMatch(/^00:(19:5\d|20:00) left/);
    expect(screen.getByTestId('nft-countdown-extended')).toHaveTextContent('Extended');
    expect(screen.getByTestId('nft-chain-notice')).toHaveTextContent('no token is minted on Ethereum');
    // Logged out: bidding asks to log in.
    expect(screen.getByText('Log in to bid or buy this NFT.')).toBeInTheDocument();
    expect(screen.queryByTestId('nft-bid-open')).toBeNull();
  });

  it('zooms the image in a dialog that Escape closes', async () => {
    nftApi();
    await renderApp('/nfts/9001');
    fireEvent.click(await screen.findByTestId('nft-zoom-open'));
    const zoom = await screen.findByTestId('nft-zoom');
    expect(zoom.querySelector('img')).toHaveAttribute(
      'src',
      '/swx/customer/index/nftImage/11111111-1111-1111-1111-111111111111',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('nft-zoom')).toBeNull());
  });

  it('switches to the ended state when the countdown reaches 0', async () => {
    nftApi({
      'GET index/getNftById/*': () => ok(nftDetail({ endAt: Date.now() + 1200, originalEndAt: Date.now() + 1200 })),
    });
    await renderApp('/nfts/9001');
    await screen.findByTestId('nft-title');
    await waitFor(() => expect(screen.getByTestId('nft-countdown')).toHaveTextContent('Ended, settling'), {
      timeout: 4000,
    });
    expect(screen.getByTestId('nft-settling')).toBeInTheDocument();
  });

  it('explains the hold before a bid, prefills the minimum and refuses what the server would', async () => {
    const { api, dialog } = await openBid();
    expect(within(dialog).getByTestId('nft-bid-amount')).toHaveValue('13.13');
    expect(plain(within(dialog).getByTestId('nft-bid-min'))).toBe('13.13 USDT');
    expect(plain(within(dialog).getByTestId('nft-bid-hold'))).toBe(
      '13.13 USDT will be held from your available balance until you are outbid (released at once) or win (donated to Children First).',
    );
    typeBid(dialog, '13.12');
    expect(plain(within(dialog).getByRole('alert'))).toBe('Your bid must be at least 13.13 USDT');
    fireEvent.click(within(dialog).getByTestId('nft-bid-confirm'));
    typeBid(dialog, '13.125');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The purchase amount is not valid');
    typeBid(dialog, '200');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Your bid reaches the buy-now price. Use Buy now instead',
    );
    typeBid(dialog, '150');
    expect(within(dialog).getByTestId('nft-bid-short')).toHaveTextContent('Insufficient balance. Please deposit first');
    expect(within(dialog).getByTestId('nft-bid-short-deposit')).toHaveAttribute(
      'href',
      '/profile/deposit?currency=USDT',
    );
    fireEvent.click(within(dialog).getByTestId('nft-bid-confirm'));
    expect(api.callsTo('user/bidNft')).toHaveLength(0);
    typeBid(dialog, '20');
    expect(plain(within(dialog).getByTestId('nft-bid-hold'))).toContain('20.00 USDT will be held');
  });

  it('places a bid and refreshes the item and the balance at once', async () => {
    const { api, dialog } = await openBid({ 'POST user/bidNft': () => ok(nftDetail()) });
    typeBid(dialog, '20');
    const detailCalls = api.callsTo('index/getNftById/9001').length;
    const balanceCalls = api.callsTo('user/getBalances').length;
    fireEvent.click(within(dialog).getByTestId('nft-bid-confirm'));
    await waitFor(() => expect(screen.queryByTestId('nft-bid-dialog')).toBeNull());
    expect(api.callsTo('user/bidNft')[0]?.body).toEqual({ id: 9001, amount: '20' });
    await waitFor(() =>
      expect(plain(document.querySelector('.toaster') as HTMLElement)).toContain(
        'Your bid of 20.00 USDT on Blue whale is placed',
      ),
    );
    await waitFor(() => expect(api.callsTo('index/getNftById/9001').length).toBeGreaterThan(detailCalls));
    await waitFor(() => expect(api.callsTo('user/getBalances').length).toBeGreaterThan(balanceCalls));
  });

  it.each([
    [40063, 'Your bid is below the minimum next bid', null],
    [40064, 'This auction is not open for bids', null],
    [40065, 'You cannot bid on or buy an item you donated', null],
    [10016, 'The purchase amount is not valid', null],
    [10011, 'Insufficient balance. Please deposit first', 'nft-bid-error-deposit'],
    [40010, 'This is not available in the demo account. Please switch to the real account', 'nft-bid-error-switch'],
  ])('shows the server refusal %i in the page language', async (code, text, action) => {
    const { dialog } = await openBid({ 'POST user/bidNft': () => fail(code, 'server words') });
    fireEvent.click(within(dialog).getByTestId('nft-bid-confirm'));
    const error = await within(dialog).findByTestId('nft-bid-error');
    expect(error).toHaveTextContent(text);
    if (action) expect(within(error).getByTestId(action)).toBeInTheDocument();
  });

  it('offers the switch to the real account in the demo account instead of a bid', async () => {
    nftApi({ 'GET index/getNftById/*': () => ok(nftDetail({ mine })) });
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    await renderApp('/nfts/9001', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('nft-bid-open'));
    expect(screen.queryByTestId('nft-bid-dialog')).toBeNull();
    fireEvent.click(await screen.findByTestId('nft-demo-switch'));
    expect(sessionStore.getState().accountMode).toBe(REAL_ACCOUNT);
    expect(screen.queryByTestId('nft-demo')).toBeNull();
    fireEvent.click(screen.getByTestId('nft-bid-open'));
    expect(await screen.findByTestId('nft-bid-dialog')).toBeInTheDocument();
  });

  it('buys now after saying the price goes to the charity at once', async () => {
    const api = nftApi({
      'GET index/getNftById/*': () => ok(nftDetail({ mine })),
      'GET user/getBalances': () => balances('500'),
      'POST user/buyNft': () => ok(nftDetail({ status: 'sold' }), { msg: 'Purchase successful', msgCode: 20004 }),
    });
    sessionStore.setAccountMode(REAL_ACCOUNT);
    await renderApp('/nfts/9001', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('nft-buy-open'));
    const dialog = await screen.findByTestId('nft-buy-dialog');
    expect(plain(within(dialog).getByTestId('nft-buy-text'))).toBe(
      'The price, 200.00 USDT, is taken from your available balance and paid to Children First at once. The auction ends and the NFT is yours.',
    );
    await waitFor(() => expect(plain(within(dialog).getByTestId('nft-buy-available'))).toBe('500.00 USDT'));
    fireEvent.click(within(dialog).getByTestId('nft-buy-confirm'));
    await waitFor(() => expect(screen.queryByTestId('nft-buy-dialog')).toBeNull());
    expect(api.callsTo('user/buyNft')[0]?.body).toEqual({ id: 9001, price: '200' });
    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
  });

  it('tells the leader and the outbid where they stand, and a sold item how it was sold', async () => {
    let detail = nftDetail({ mine: { leading: true, myBid: '12.5', owner: false, seller: false } });
    nftApi({ 'GET index/getNftById/*': () => ok(detail) });
    sessionStore.setAccountMode(REAL_ACCOUNT);
    const view = await renderApp('/nfts/9001', { loggedIn: true });
    expect(plain(await screen.findByTestId('nft-leading'))).toBe('You are the highest bidder with 12.50 USDT.');
    view.unmount();
    detail = nftDetail({
      status: 'sold',
      soldPrice: '80',
      soldBy: 'auction',
      soldAt: Date.now() - HOUR_MS,
      endAt: Date.now() - HOUR_MS,
      mine: { leading: true, myBid: '80', owner: true, seller: false },
    });
    await renderApp('/nfts/9001', { loggedIn: true });
    expect(plain(await screen.findByTestId('nft-sold'))).toContain('Sold at auction for 80.00 USDT');
    expect(screen.getByTestId('nft-owner')).toHaveTextContent('You own this NFT.');
    expect(screen.getByTestId('nft-countdown')).toHaveTextContent('Sold');
    expect(screen.queryByTestId('nft-bid-open')).toBeNull();
  });

  it('says when the item does not exist', async () => {
    nftApi({ 'GET index/getNftById/*': () => fail(40400, 'Not found') });
    await renderApp('/nfts/123');
    expect(await screen.findByText('This NFT does not exist or is no longer listed')).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type Handler, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { DEMO_ACCOUNT, REAL_ACCOUNT, sessionStore } from '@/shared/session/session-store';

const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const PROOF_ID = '6f1d3c1e-8a52-4f0e-9d55-2b7c0c7e9a11';
const HASH = 'a'.repeat(64);

const networks = [
  { currency: 'USDT', network: 'TRC20', minDeposit: '120', scale: 6, address: TRON_ADDRESS },
  { currency: 'USDT', network: 'ERC20', minDeposit: '120', scale: 6, address: null },
  {
    currency: 'BTC',
    network: 'BTC',
    minDeposit: '0.015',
    scale: 8,
    address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  },
];

const deposit = (id: number, status: 'pending' | 'approved' | 'rejected', reason: string | null = null) => ({
  id,
  currency: 'USDT',
  network: 'TRC20',
  amount: '150.5',
  txHash: `${id}`.padStart(64, 'b'),
  last6: 'abc123',
  address: TRON_ADDRESS,
  status,
  reason,
  proofFileId: PROOF_ID,
  createdAt: Date.UTC(2026, 10, 20, 9, 30) - id * 60_000,
  decidedAt: status === 'pending' ? null : Date.UTC(2026, 10, 21, 9, 30),
});

const page = (list: unknown[], pageNo = 1, total = list.length, size = 10) => ok({ list, total, page: pageNo, size });
const image = () =>
  new Response(new Blob(['png'], { type: 'image/png' }), { headers: { 'Content-Type': 'image/png' } });

function handlers(extra: Record<string, Handler> = {}) {
  return mockApi({
    ...baseHandlers,
    'GET user/listDepositNetworks': () => ok({ list: networks }),
    'GET user/listRecharge': () => page([]),
    'GET file/*': image,
    ...extra,
  });
}

/** The form filled with values the browser accepts, the proof uploaded. */
async function fillForm() {
  fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '150' } });
  fireEvent.change(screen.getByTestId('deposit-txHash'), { target: { value: HASH } });
  fireEvent.change(screen.getByTestId('deposit-last6'), { target: { value: 'abc123' } });
  const file = new File(['png'], 'proof.png', { type: 'image/png' });
  fireEvent.change(screen.getByTestId('deposit-proof-input'), { target: { files: [file] } });
  await screen.findByTestId('deposit-proof-remove');
}

beforeEach(() => {
  // jsdom has no object URLs: the authenticated image becomes one.
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/proof');
  URL.revokeObjectURL = vi.fn();
});

describe('deposit page', () => {
  it('opens on the coin a link names (/cruuency: Deposit BTC)', async () => {
    handlers();
    await renderApp('/profile/deposit?currency=BTC', { loggedIn: true });
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(
      'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    );
    expect(screen.getByTestId('deposit-coin-BTC')).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the address, its QR code and the minimum of the chosen network, and the warning', async () => {
    handlers();
    await renderApp('/profile/deposit', { loggedIn: true });
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(TRON_ADDRESS);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Deposit');
    expect(screen.getByTestId('deposit-address')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('deposit-coin-USDT')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('deposit-network-TRC20')).toHaveAttribute('aria-pressed', 'true');
    // The QR code is made in the browser from the address.
    const qr = await screen.findByTestId('deposit-qr');
    expect(qr).toHaveAttribute('data-text', TRON_ADDRESS);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(qr).toHaveAttribute('alt', 'QR code of the USDT TRC20 deposit address');
    expect((screen.getByTestId('deposit-minimum').textContent ?? '').replace(/[\u2066\u2069]/g, '')).toBe(
      '120.00 USDT',
    );
    expect(screen.getByTestId('deposit-warning')).toHaveTextContent('Send only USDT on the TRC20 network');
    expect(screen.getByTestId('deposit-form')).toBeInTheDocument();

    // Another coin: its network, address and minimum.
    fireEvent.click(screen.getByTestId('deposit-coin-BTC'));
    expect(screen.getByTestId('deposit-network-BTC')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('deposit-network-TRC20')).toBeNull();
    expect(screen.getByTestId('deposit-address')).toHaveTextContent('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    expect((screen.getByTestId('deposit-minimum').textContent ?? '').replace(/[\u2066\u2069]/g, '')).toBe('0.015 BTC');
    await waitFor(() =>
      expect(screen.getByTestId('deposit-qr')).toHaveAttribute(
        'data-text',
        'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      ),
    );
  });

  it('says deposits are not available yet on a network without an address, instead of the form', async () => {
    handlers();
    await renderApp('/profile/deposit', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('deposit-network-ERC20'));
    expect(screen.getByTestId('deposit-unavailable')).toHaveTextContent(
      'Deposits on this network are not available yet.',
    );
    expect(screen.getByTestId('deposit-network-ERC20')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByTestId('deposit-qr')).toBeNull();
    expect(screen.queryByTestId('deposit-form')).toBeNull();
  });

  it('checks the form in the browser, uploads the proof, and shows a server error on its field', async () => {
    const api = handlers({
      'POST file/upload': () =>
        ok({
          id: PROOF_ID,
          purpose: 'deposit-proof',
          mime: 'image/png',
          size: 3,
          sha256: 'c'.repeat(64),
          width: 10,
          height: 10,
          url: `/swx/customer/file/${PROOF_ID}`,
        }),
      'POST user/recharge': () => fail(40034, 'This transaction hash has already been submitted', { field: 'txHash' }),
    });
    await renderApp('/profile/deposit', { loggedIn: true });
    await screen.findByTestId('deposit-form');

    // Nothing filled in: each field says what it needs, nothing is sent.
    fireEvent.click(screen.getByTestId('deposit-submit'));
    const amountField = screen.getByTestId('deposit-amount').closest('.field') as HTMLElement;
    expect(await within(amountField).findByRole('alert')).toHaveTextContent('Please enter the amount');
    expect(screen.getByTestId('deposit-proof-error')).toHaveTextContent('Please upload an image');
    expect(api.callsTo('user/recharge')).toHaveLength(0);

    // Well formed but below the minimum, then with more decimals than USDT has: said before sending.
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '119.999999' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await within(amountField).findByRole('alert')).toHaveTextContent('USDT minimum is 120');
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '150.1234567' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await within(amountField).findByRole('alert')).toHaveTextContent('Please enter a correct amount');
    expect(api.callsTo('user/recharge')).toHaveLength(0);

    await fillForm();
    const upload = api.callsTo('file/upload')[0];
    expect(upload?.method).toBe('POST');
    expect(upload?.headers.Authorization).toBe('test-token');
    // The uploaded image is shown, fetched with the session's token.
    await waitFor(() =>
      expect(within(screen.getByTestId('deposit-proof-preview')).getByRole('img')).toHaveAttribute(
        'src',
        'blob:http://localhost/proof',
      ),
    );
    expect(api.callsTo(`file/${PROOF_ID}`)[0]?.headers.Authorization).toBe('test-token');

    fireEvent.click(screen.getByTestId('deposit-submit'));
    const hashField = screen.getByTestId('deposit-txHash').closest('.field') as HTMLElement;
    expect(await within(hashField).findByRole('alert')).toHaveTextContent(
      'This transaction hash has already been submitted',
    );
    expect(api.callsTo('user/recharge')[0]?.body).toEqual({
      currency: 'USDT',
      network: 'TRC20',
      amount: '150',
      txHash: HASH,
      last6: 'abc123',
      proofFileId: PROOF_ID,
    });
    expect(within(amountField).queryByRole('alert')).toBeNull();
  });

  it('shows the server refusing an upload on the proof field', async () => {
    handlers({
      'POST file/upload': () =>
        fail(40018, 'The image format is not valid. Please upload a JPG, JPEG2000 or PNG image', { field: 'file' }),
    });
    await renderApp('/profile/deposit', { loggedIn: true });
    const input = await screen.findByTestId('deposit-proof-input');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.jp2,.j2k');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'fake.png', { type: 'image/png' })] } });
    expect(await screen.findByTestId('deposit-proof-error')).toHaveTextContent('The image format is not valid');
    expect(screen.queryByTestId('deposit-proof-preview')).toBeNull();
  });

  it('on success says so, clears the form and fetches the deposits again', async () => {
    let declared = false;
    const api = handlers({
      'POST file/upload': () => ok({ id: PROOF_ID, url: `/swx/customer/file/${PROOF_ID}` }),
      'POST user/recharge': () => {
        declared = true;
        return ok(deposit(7, 'pending'), { msg: 'Deposit submitted for review', msgCode: 20002 });
      },
      'GET user/listRecharge': () => page(declared ? [deposit(7, 'pending')] : []),
    });
    await renderApp('/profile/deposit', { loggedIn: true });
    await screen.findByTestId('deposit-form');
    expect(await screen.findByText('No deposits yet')).toBeInTheDocument();
    await fillForm();
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Deposit submitted for review')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('deposit-amount')).toHaveValue(''));
    expect(screen.getByTestId('deposit-txHash')).toHaveValue('');
    expect(screen.queryByTestId('deposit-proof-preview')).toBeNull();
    expect(await screen.findByTestId('deposit-row')).toHaveAttribute('data-status', 'pending');
    expect(api.callsTo('user/listRecharge').length).toBeGreaterThanOrEqual(2);
  });

  it('tells the demo account that deposits go to the real account, with the switch', async () => {
    handlers();
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    await renderApp('/profile/deposit', { loggedIn: true });
    expect(await screen.findByTestId('deposit-demo')).toHaveTextContent('Deposits go to your real account');
    expect(screen.getByTestId('mode-banner')).toHaveTextContent('Demo');
    expect(screen.queryByTestId('deposit-form')).toBeNull();
    // The address is still there to see.
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(TRON_ADDRESS);
    fireEvent.click(screen.getByTestId('deposit-switch-real'));
    await waitFor(() => expect(sessionStore.getState().accountMode).toBe(REAL_ACCOUNT));
    expect(await screen.findByTestId('deposit-form')).toBeInTheDocument();
  });

  it('lists the deposits with status, a rejected one with its reason, and loads more', async () => {
    const all = [
      deposit(1, 'rejected', 'The proof does not show the transaction hash'),
      deposit(2, 'approved'),
      deposit(3, 'pending'),
      ...Array.from({ length: 9 }, (_, i) => deposit(10 + i, 'pending')),
    ];
    const api = handlers({
      'GET user/listRecharge': (c) => {
        const n = Number(c.query.get('page'));
        const size = Number(c.query.get('size'));
        return page(all.slice((n - 1) * size, n * size), n, all.length, size);
      },
    });
    await renderApp('/profile/deposit', { loggedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(10));
    const [rejected, approved, pending] = screen.getAllByTestId('deposit-row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(rejected).getByTestId('deposit-row-status')).toHaveTextContent('Rejected');
    expect(within(rejected).getByTestId('deposit-row-reason')).toHaveTextContent(
      'Reason: \u2068The proof does not show the transaction hash\u2069',
    );
    expect(within(approved).getByTestId('deposit-row-status')).toHaveTextContent('Approved');
    expect(within(approved).queryByTestId('deposit-row-reason')).toBeNull();
    expect(within(pending).getByTestId('deposit-row-status')).toHaveTextContent('Pending review');
    expect((within(rejected).getByTestId('deposit-row-amount').textContent ?? '').replace(/[\u2066\u2069]/g, '')).toBe(
      '150.50 USDT',
    );
    expect(rejected).toHaveTextContent('TRC20');
    // The hash is shortened; the whole one is in its title and is what is copied.
    const code = within(rejected).getByTitle(deposit(1, 'rejected').txHash);
    expect(code.textContent).toBe('bbbbbb…bbbbb1');
    await waitFor(() =>
      expect(within(rejected).getByRole('img')).toHaveAttribute('src', 'blob:http://localhost/proof'),
    );

    fireEvent.click(screen.getByTestId('deposit-more'));
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(12));
    expect(api.callsTo('user/listRecharge').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByTestId('deposit-more')).toBeNull();
  });

  it('is reached from the assets page', async () => {
    handlers({ 'GET user/getBalances': () => ok({ mode: 'real', balances: [] }) });
    const { router } = await renderApp('/profile/balance', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('balance-deposit-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/deposit'));
    expect(await screen.findByTestId('deposit-page')).toBeInTheDocument();
  });
});

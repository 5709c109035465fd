import { fireEvent, screen, waitFor } from '@testing-library/react';
import { privateKeyToAccount } from 'viem/accounts';
import { hexToString } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, demoUser, renderApp } from '@/shared/test/render-app';

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const terms = {
  nonce: 'Nonce1234567890abcdef',
  domain: 'trade.example.com',
  uri: 'https://trade.example.com',
  chainIds: [1],
  issuedAt: '2026-11-27T10:00:00.000Z',
  expirationTime: '2026-11-27T10:10:00.000Z',
};

/** A browser wallet (EIP-1193) on `chain`, signing with a local key unless told to refuse. */
function wallet(opts: { chain?: number; refuse?: 'accounts' | 'sign' } = {}) {
  let chainId = `0x${(opts.chain ?? 1).toString(16)}`;
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
    if (method === 'eth_requestAccounts') {
      if (opts.refuse === 'accounts') throw Object.assign(new Error('User rejected'), { code: 4001 });
      return [account.address.toLowerCase()];
    }
    if (method === 'eth_chainId') return chainId;
    if (method === 'wallet_switchEthereumChain') {
      chainId = (params as [{ chainId: string }])[0].chainId;
      return null;
    }
    if (method === 'personal_sign') {
      if (opts.refuse === 'sign') throw Object.assign(new Error('User rejected'), { code: 4001 });
      return account.signMessage({ message: hexToString((params as [`0x${string}`])[0]) });
    }
    throw new Error(`unexpected ${method}`);
  });
  vi.stubGlobal('ethereum', { request });
  return request;
}

function handlers(
  login: () => unknown = () => ok({ token: 'wallet-token', expiresAt: terms.expirationTime, user: demoUser }),
) {
  return mockApi({
    ...baseHandlers,
    'POST login/dappNonce': () => ok(terms),
    'POST login/loginByDapp': login,
  });
}

// The first render loads the lazy pages: slow on a busy machine.
describe('wallet sign-in on the login page', { timeout: 20_000 }, () => {
  it('without a wallet only hints', async () => {
    handlers();
    await renderApp('/pass/login');
    expect(await screen.findByTestId('wallet-hint')).toHaveTextContent('Ethereum wallet');
    expect(screen.queryByTestId('wallet-connect')).toBeNull();
  });

  it('signs the server’s terms with the wallet and signs in', async () => {
    wallet();
    const api = handlers();
    const { router } = await renderApp('/pass/login?redirect=/profile/info');
    fireEvent.click(await screen.findByTestId('wallet-connect'));
    await waitFor(() => expect(api.callsTo('login/loginByDapp')).toHaveLength(1));
    const body = api.callsTo('login/loginByDapp')[0]?.body as { message: string; signature: string };
    expect(parseSiweMessage(body.message)).toMatchObject({
      domain: 'trade.example.com',
      address: account.address,
      chainId: 1,
      nonce: terms.nonce,
      uri: 'https://trade.example.com',
    });
    expect(body.signature).toBe(await account.signMessage({ message: body.message }));
    expect(api.callsTo('login/dappNonce')[0]?.body).toEqual({ purpose: 'signin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/info'));
  });

  it.each([
    [
      'a wallet new here (the sign-in made its account) is welcomed as a new user',
      true,
      'Welcome, demo. Your account is ready.',
    ],
    ['a known wallet is welcomed back', false, 'Welcome back, demo'],
  ])('%s', async (_, created, greeting) => {
    wallet();
    handlers(() =>
      ok({ token: 'wallet-token', expiresAt: terms.expirationTime, user: demoUser, ...(created ? { created } : {}) }),
    );
    const { router } = await renderApp('/pass/login');
    fireEvent.click(await screen.findByTestId('wallet-connect'));
    expect(await screen.findByText(greeting)).toBeInTheDocument();
    expect(screen.queryByText(created ? /Welcome back/ : /Your account is ready/)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says so when the wallet declines, and tells the server’s refusal (an expired request)', async () => {
    wallet({ refuse: 'sign' });
    const api = handlers(() => fail(40113, 'The wallet sign-in request has expired. Please try again'));
    await renderApp('/pass/login');
    fireEvent.click(await screen.findByTestId('wallet-connect'));
    expect(await screen.findByText('The request was declined in your wallet.')).toBeInTheDocument();
    expect(api.callsTo('login/loginByDapp')).toHaveLength(0);

    wallet();
    fireEvent.click(screen.getByTestId('wallet-connect'));
    expect(await screen.findByText(/request has expired/)).toBeInTheDocument();
  });

  it('offers to switch a wallet on another chain, then signs in', async () => {
    const request = wallet({ chain: 137 });
    const api = handlers();
    await renderApp('/pass/login');
    fireEvent.click(await screen.findByTestId('wallet-connect'));
    expect(await screen.findByTestId('wallet-wrong-chain')).toHaveTextContent('Your wallet is on Polygon');
    expect(api.callsTo('login/loginByDapp')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('wallet-switch-chain'));
    await waitFor(() => expect(api.callsTo('login/loginByDapp')).toHaveLength(1));
    expect(request).toHaveBeenCalledWith({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
  });

  it('goes to the second factor when the server answers a challenge', async () => {
    wallet();
    handlers(() => ok({ twoFactor: { ticket: 't', methods: ['totp'], expiresAt: terms.expirationTime } }));
    const { router } = await renderApp('/pass/login');
    fireEvent.click(await screen.findByTestId('wallet-connect'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pass/two-factor'));
    expect(router.state.location.state).toMatchObject({ challenge: { ticket: 't' } });
  });
});

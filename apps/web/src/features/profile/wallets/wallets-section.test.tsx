import type { LinkedWallet } from '@openbourse/contracts/wallet-signin.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hexToString } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const account = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba');
const linked = {
  id: 7,
  address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  chainId: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-26T10:00:00.000Z',
};

function handlers(opts: { unlink?: () => unknown } = {}) {
  let wallets: LinkedWallet[] = [linked];
  return mockApi({
    ...baseHandlers,
    'GET user/listSessions': () => ok([]),
    'GET user/listSignIns': () => ok({ list: [], total: 0, page: 1, size: 10 }),
    'GET user/listWallets': () => ok(wallets),
    'POST login/dappNonce': () =>
      ok({
        nonce: 'Nonce1234567890abcdef',
        domain: 'localhost',
        uri: 'http://localhost',
        chainIds: [1],
        issuedAt: '2026-11-27T10:00:00.000Z',
        expirationTime: '2026-11-27T10:10:00.000Z',
      }),
    'POST user/linkWallet': () => {
      const row = { ...linked, id: 8, address: account.address, lastUsedAt: null };
      wallets = [...wallets, row];
      return ok(row);
    },
    'POST user/unlinkWallet': opts.unlink ?? (() => ok(null)),
  });
}

describe('the account centre wallets', { timeout: 20_000 }, () => {
  it('lists the linked wallets and links one with a link nonce', async () => {
    vi.stubGlobal('ethereum', {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts') return [account.address];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign')
          return account.signMessage({ message: hexToString((params as [`0x${string}`])[0]) });
        throw new Error(method);
      },
    });
    const api = handlers();
    await renderApp('/profile/info', { loggedIn: true });
    const section = await screen.findByTestId('wallets-section');
    expect(await within(section).findByTestId(`wallet-${linked.address}`)).toHaveTextContent('Ethereum');
    fireEvent.click(within(section).getByTestId('wallet-link'));
    await waitFor(() => expect(api.callsTo('user/linkWallet')).toHaveLength(1));
    expect(api.callsTo('login/dappNonce')[0]?.body).toEqual({ purpose: 'link' });
    expect(await within(section).findByTestId(`wallet-${account.address}`)).toBeInTheDocument();
  });

  it('unlinks after a confirmation, and tells why the only way in stays', async () => {
    const api = handlers({
      unlink: () => fail(40118, 'This is the only way into your account. Set a password or link another wallet first'),
    });
    await renderApp('/profile/info', { loggedIn: true });
    const section = await screen.findByTestId('wallets-section');
    expect(within(section).getByTestId('wallet-link-hint')).toBeInTheDocument();
    fireEvent.click(await within(section).findByTestId('wallet-unlink-7'));
    expect(api.callsTo('user/unlinkWallet')).toHaveLength(0);
    fireEvent.click(within(section).getByTestId('wallet-unlink-confirm-7'));
    await waitFor(() => expect(api.callsTo('user/unlinkWallet')[0]?.body).toEqual({ id: 7 }));
    expect(await screen.findByText(/only way into your account/)).toBeInTheDocument();
  });
});

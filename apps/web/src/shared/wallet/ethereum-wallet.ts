import type { WalletNonce, WalletNoncePurpose, WalletProof } from '@openbourse/contracts/wallet-signin.ts';
import { getAddress, toHex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { api } from '@/shared/lib/api-client';

/**
 * Sign-In with Ethereum in the browser, over the page's EIP-1193 wallet (`window.ethereum`): the
 * account, the chain, the server's nonce and terms, the EIP-4361 message, the wallet's signature.
 * Used by the sign-in pages and by the account centre (linking a wallet).
 */

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
}

/** What went wrong on the wallet's side (the server's refusals are ApiErrors). */
export type WalletProblem = 'noWallet' | 'rejected' | 'pending' | 'wrongChain' | 'unknownChain' | 'failed';

export class WalletError extends Error {
  readonly problem: WalletProblem;
  /** For wrongChain: the chains the site accepts (the first is offered) and the wallet's. */
  readonly chainIds: readonly number[];
  readonly current: number | null;

  constructor(problem: WalletProblem, chains: { accepted?: readonly number[]; current?: number } = {}) {
    super(`wallet: ${problem}`);
    this.name = 'WalletError';
    this.problem = problem;
    this.chainIds = chains.accepted ?? [];
    this.current = chains.current ?? null;
  }
}

export function walletProvider(): Eip1193Provider | null {
  const candidate = (globalThis as { ethereum?: unknown }).ethereum;
  return candidate && typeof (candidate as Eip1193Provider).request === 'function'
    ? (candidate as Eip1193Provider)
    : null;
}

/** EIP-1193 error codes: 4001 the user declined; -32002 a request is already waiting; 4902 unknown chain. */
function asWalletError(err: unknown): WalletError {
  if (err instanceof WalletError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 4001) return new WalletError('rejected');
  if (code === -32002) return new WalletError('pending');
  if (code === 4902) return new WalletError('unknownChain');
  return new WalletError('failed');
}

async function ask<T>(provider: Eip1193Provider, method: string, params?: unknown[]): Promise<T> {
  try {
    return (await provider.request(params ? { method, params } : { method })) as T;
  } catch (err) {
    throw asWalletError(err);
  }
}

/** Well-known names of the chains an operator is likely to accept (others read "network <id>"). */
export const CHAIN_NAMES: Record<number, string> = {
  1: 'Ethereum',
  10: 'OP Mainnet',
  56: 'BNB Smart Chain',
  137: 'Polygon',
  8453: 'Base',
  42161: 'Arbitrum One',
  11155111: 'Sepolia',
};

/**
 * Asks the wallet for its account and chain, the server for a nonce, and the wallet to sign the
 * message. `statement` is the sentence the wallet shows above the terms (translated, one line).
 */
export async function proveWallet(purpose: WalletNoncePurpose, statement: string): Promise<WalletProof> {
  const provider = walletProvider();
  if (!provider) throw new WalletError('noWallet');
  const accounts = await ask<string[]>(provider, 'eth_requestAccounts');
  const account = accounts?.[0];
  if (!account) throw new WalletError('rejected');
  const chainId = Number(await ask<string>(provider, 'eth_chainId'));
  const { result: terms } = await api.post<WalletNonce>('login/dappNonce', { purpose });
  if (!terms.chainIds.includes(chainId)) {
    throw new WalletError('wrongChain', { accepted: terms.chainIds, current: chainId });
  }
  const address = getAddress(account);
  const message = createSiweMessage({
    domain: terms.domain,
    address,
    statement: statement.replace(/\n/g, ' '),
    uri: terms.uri,
    version: '1',
    chainId,
    nonce: terms.nonce,
    issuedAt: new Date(terms.issuedAt),
    expirationTime: new Date(terms.expirationTime),
  });
  // personal_sign takes the message as hex of its UTF-8 bytes, then the account.
  const signature = await ask<`0x${string}`>(provider, 'personal_sign', [toHex(message), address]);
  return { message, signature };
}

/** Asks the wallet to move to `chainId` (wallet_switchEthereumChain). */
export async function switchChain(chainId: number): Promise<void> {
  const provider = walletProvider();
  if (!provider) throw new WalletError('noWallet');
  await ask(provider, 'wallet_switchEthereumChain', [{ chainId: toHex(chainId) }]);
}

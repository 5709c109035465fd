import type { WalletNonce, WalletNoncePurpose } from '@openbourse/contracts/wallet-signin.ts';
import type { LocalAccount } from 'viem';
import { createSiweMessage, type SiweMessage } from 'viem/siwe';
import type { TestApp } from '../../../test/app.ts';

/** Asks the API for a nonce as the web app does. */
export async function askNonce(t: TestApp, purpose: WalletNoncePurpose = 'signin', token?: string) {
  const r = await t.call<WalletNonce>('POST', '/swx/customer/login/dappNonce', {
    body: { purpose },
    ...(token ? { token } : {}),
  });
  if (r.body.code !== 200) throw new Error(`dappNonce failed: ${JSON.stringify(r.body)}`);
  return r.body.result;
}

/** The message the web app builds from the server's terms, with any field changed by a test. */
export function messageFor(account: { address: `0x${string}` }, n: WalletNonce, over: Partial<SiweMessage> = {}) {
  return createSiweMessage({
    address: account.address,
    domain: n.domain,
    uri: n.uri,
    chainId: n.chainIds[0]!,
    nonce: n.nonce,
    issuedAt: new Date(n.issuedAt),
    expirationTime: new Date(n.expirationTime),
    version: '1',
    statement: 'Sign in to OpenBourse.',
    ...over,
  });
}

/** A nonce, the message, and the wallet's `personal_sign` of it. */
export async function signedProof(
  t: TestApp,
  account: LocalAccount,
  opts: { purpose?: WalletNoncePurpose; token?: string; over?: Partial<SiweMessage> } = {},
) {
  const n = await askNonce(t, opts.purpose, opts.token);
  const message = messageFor(account, n, opts.over);
  return { message, signature: await account.signMessage({ message }), nonce: n };
}

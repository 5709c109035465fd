import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import type { WalletSignInOptions } from '../wallet-signin.config.ts';
import { siteOf, walletSignInOptionsFromEnv } from '../wallet-signin.config.ts';
import { checkMessage, createSignatureCheck } from '../wallet-signin.message.ts';

const options: WalletSignInOptions = {
  publicUrl: 'https://trade.example.com',
  chainIds: [1, 8453],
  nonceTtlMs: 600_000,
  clockSkewMs: 120_000,
};
const now = new Date('2026-11-27T12:00:00.000Z');
const account = privateKeyToAccount(generatePrivateKey());
const base = {
  address: account.address,
  domain: 'trade.example.com',
  uri: 'https://trade.example.com',
  chainId: 1,
  nonce: 'abcdefgh12345678',
  issuedAt: now,
  expirationTime: new Date(now.getTime() + 600_000),
  version: '1' as const,
  statement: 'Sign in with your Ethereum wallet.',
};
const code = (f: () => unknown) => {
  try {
    f();
    return 'passed';
  } catch (err) {
    return (err as { code?: number }).code;
  }
};

describe('the message checks', () => {
  it('accepts the canonical message of the site and names its address, chain and nonce', () => {
    expect(checkMessage(createSiweMessage(base), options, now)).toEqual({
      address: account.address,
      chainId: 1,
      nonce: 'abcdefgh12345678',
    });
    expect(code(() => checkMessage(createSiweMessage({ ...base, scheme: 'https' }), options, now))).toBe('passed');
  });

  it('refuses anything but the canonical text: lower-case address, extra lines, another version', () => {
    const text = createSiweMessage(base);
    expect(code(() => checkMessage(text.replace(account.address, account.address.toLowerCase()), options, now))).toBe(
      40110,
    );
    expect(code(() => checkMessage(`${text}\n`, options, now))).toBe(40110);
    expect(code(() => checkMessage(`Hello\n${text}`, options, now))).toBe(40110);
    expect(code(() => checkMessage(text.replace('Version: 1', 'Version: 2'), options, now))).toBe(40110);
    expect(code(() => checkMessage('', options, now))).toBe(40110);
  });

  it('refuses another domain or scheme (40111), URI (40110), chain (40112), and times (40113)', () => {
    const check = (over: Partial<typeof base> & { scheme?: string; notBefore?: Date }) =>
      code(() => checkMessage(createSiweMessage({ ...base, ...over }), options, now));
    expect(check({ domain: 'trade.example.com.evil.io' })).toBe(40111);
    expect(check({ scheme: 'http' })).toBe(40111);
    expect(check({ uri: 'https://evil.io/' })).toBe(40110);
    expect(check({ uri: 'https://trade.example.com/pass/login' })).toBe('passed');
    expect(check({ chainId: 137 })).toBe(40112);
    expect(check({ chainId: 8453 })).toBe('passed');
    expect(check({ expirationTime: now })).toBe(40113);
    expect(check({ issuedAt: new Date(now.getTime() + 121_000) })).toBe(40113);
    expect(check({ issuedAt: new Date(now.getTime() + 119_000) })).toBe('passed');
    expect(check({ notBefore: new Date(now.getTime() + 3_600_000) })).toBe(40113);
  });

  it('recovers plain signatures without a node; a smart-account signature needs one', async () => {
    const check = createSignatureCheck(null);
    const message = createSiweMessage(base);
    const signature = await account.signMessage({ message });
    expect(await check.verify({ address: account.address, message, signature, chainId: 1 })).toBe(true);
    const other = privateKeyToAccount(generatePrivateKey());
    expect(await check.verify({ address: other.address, message, signature, chainId: 1 })).toBe(false);
    expect(await check.verify({ address: account.address, message, signature: '0x1234', chainId: 1 })).toBe(false);
  });
});

describe('the configuration', () => {
  it('defaults to mainnet; takes a list of chains and a node; refuses nonsense', () => {
    expect(walletSignInOptionsFromEnv({}, 'http://localhost:8080')).toMatchObject({ chainIds: [1], rpcUrl: undefined });
    expect(
      walletSignInOptionsFromEnv({ WALLET_CHAIN_IDS: '1, 8453', WALLET_RPC_URL: 'https://rpc.example' }, 'x'),
    ).toMatchObject({ chainIds: [1, 8453], rpcUrl: 'https://rpc.example' });
    expect(() => walletSignInOptionsFromEnv({ WALLET_CHAIN_IDS: 'mainnet' }, 'x')).toThrow(/WALLET_CHAIN_IDS/);
    expect(() => walletSignInOptionsFromEnv({ WALLET_RPC_URL: 'nope' }, 'x')).toThrow(/WALLET_RPC_URL/);
    expect(siteOf('https://trade.example.com:8443/')).toEqual({
      domain: 'trade.example.com:8443',
      uri: 'https://trade.example.com:8443',
      scheme: 'https',
    });
  });
});

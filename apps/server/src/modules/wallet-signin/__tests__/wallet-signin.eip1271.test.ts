import type { LoginResult } from '@openbourse/contracts/auth.ts';
import {
  type Address,
  createPublicClient,
  custom,
  decodeAbiParameters,
  erc6492SignatureValidatorByteCode,
  type Hex,
  hashMessage,
  isAddressEqual,
  recoverAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createExternalAccounts } from '../../auth/auth.external.ts';
import { DEFAULT_CLOCK_SKEW_MS, DEFAULT_NONCE_TTL_MS } from '../wallet-signin.config.ts';
import { createSignatureCheck } from '../wallet-signin.message.ts';
import { createWalletSignIn } from '../wallet-signin.service.ts';
import { askNonce, messageFor } from './wallet.fixtures.ts';

/** A deployed smart account (say a one-owner wallet) at SMART: it accepts a hash its owner signed. */
const owner = privateKeyToAccount(generatePrivateKey());
const SMART: Address = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';

/**
 * A JSON-RPC node of chain 1 as viem sees it: eth_chainId, and the eth_call of viem's deployless
 * ERC-6492 validator (its bytecode, then address, hash and signature), answered as the chain would
 * run it: for SMART, the account's isValidSignature (the owner's signature of the hash); for any other
 * address, plain recovery.
 */
function chainNode(state: { down: boolean; calls: number }) {
  return custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      if (state.down) throw new Error('connection refused');
      if (method === 'eth_chainId') return '0x1';
      if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
      state.calls += 1;
      const data = (params as [{ data: Hex }])[0].data;
      if (!data.startsWith(erc6492SignatureValidatorByteCode)) throw new Error('unexpected call');
      const [address, hash, signature] = decodeAbiParameters(
        [{ type: 'address' }, { type: 'bytes32' }, { type: 'bytes' }],
        `0x${data.slice(erc6492SignatureValidatorByteCode.length)}`,
      );
      let valid = false;
      try {
        const signer = await recoverAddress({ hash, signature });
        valid = isAddressEqual(address, SMART)
          ? isAddressEqual(signer, owner.address)
          : isAddressEqual(signer, address);
      } catch {
        valid = false;
      }
      return `0x${valid ? '1'.padStart(64, '0') : '0'.padStart(64, '0')}`;
    },
  });
}

describe.each(DRIVERS)('wallet sign-in of smart accounts (EIP-1271) on %s', (driver) => {
  let t: TestApp;
  const node = { down: false, calls: 0 };
  let withNode: ReturnType<typeof createWalletSignIn>;
  let withoutNode: ReturnType<typeof createWalletSignIn>;
  const meta = { ip: '127.0.0.1', userAgent: 'test', lang: 'en' as const };

  beforeAll(async () => {
    t = await createTestApp(driver);
    const s = t.services;
    const build = (withClient: boolean) =>
      createWalletSignIn({
        db: t.database.db,
        clock: t.clock,
        options: {
          publicUrl: 'http://localhost:8080',
          chainIds: [1, 8453],
          nonceTtlMs: DEFAULT_NONCE_TTL_MS,
          clockSkewMs: DEFAULT_CLOCK_SKEW_MS,
        },
        signatures: createSignatureCheck(withClient ? createPublicClient({ transport: chainNode(node) }) : null),
        auth: s.auth,
        external: createExternalAccounts({ users: s.users, clock: t.clock }),
      });
    withNode = build(true);
    withoutNode = build(false);
  });
  afterAll(async () => t?.close());

  /** What the smart account's app hands back for `personal_sign`: the owner's signature of the message's hash. */
  async function smartProof(chainId = 1) {
    const n = await askNonce(t);
    const message = messageFor({ address: SMART }, n, { chainId });
    return { message, signature: await owner.sign({ hash: hashMessage(message) }) };
  }

  it('signs a smart account in through the node; the same signature by recovery alone is not its', async () => {
    const proof = await smartProof();
    await expect(withoutNode.signIn(proof, meta)).rejects.toMatchObject({ code: 40115 });
    const before = node.calls;
    const outcome = (await withNode.signIn(proof, meta)) as LoginResult;
    expect(outcome.token).toEqual(expect.any(String));
    expect(node.calls).toBe(before + 1);
    const again = (await withNode.signIn(await smartProof(), meta)) as LoginResult;
    expect(again.user.id).toBe(outcome.user.id);
  });

  it('refuses a signature the account does not accept, and a chain other than the node’s', async () => {
    const proof = await smartProof();
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forged = { message: proof.message, signature: await stranger.sign({ hash: hashMessage(proof.message) }) };
    await expect(withNode.signIn(forged, meta)).rejects.toMatchObject({ code: 40115 });
    // Chain 8453 is accepted, but the node is chain 1's: the account cannot be checked there.
    await expect(withNode.signIn(await smartProof(8453), meta)).rejects.toMatchObject({ code: 40115 });
  });

  it('plain wallets need no node; a node that does not answer is 40119 for a smart account', async () => {
    const plain = privateKeyToAccount(generatePrivateKey());
    const n = await askNonce(t);
    const message = messageFor(plain, n);
    const before = node.calls;
    node.down = true;
    try {
      const ok = (await withNode.signIn(
        { message, signature: await plain.signMessage({ message }) },
        meta,
      )) as LoginResult;
      expect(ok.token).toEqual(expect.any(String));
      expect(node.calls).toBe(before);
      await expect(withNode.signIn(await smartProof(), meta)).rejects.toMatchObject({ code: 40119 });
    } finally {
      node.down = false;
    }
  });
});

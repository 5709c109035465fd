import { z } from 'zod';

/**
 * Sign-In with Ethereum (EIP-4361): the server issues a one-time nonce and the terms of the message
 * (its domain, URI and accepted chains); the browser wallet signs the message the client builds from
 * them; `login/loginByDapp` (or linking from the account centre) checks it and consumes the nonce.
 */

/** What a nonce is for: a sign-in (anyone), or linking a wallet to the signed-in account. */
export const WalletNoncePurpose = z.enum(['signin', 'link']);
export type WalletNoncePurpose = z.infer<typeof WalletNoncePurpose>;

export const WalletNonceRequest = z.object({ purpose: WalletNoncePurpose.default('signin') });

/** The terms of the message to sign: the client may not choose the domain, URI or chain. */
export const WalletNonce = z.object({
  nonce: z.string(),
  /** The site's host (and port), as the message's first line must name it. */
  domain: z.string(),
  /** The site's address (scheme, host, port). */
  uri: z.string(),
  /** Chains a message may name (EIP-155 ids, e.g. 1 for Ethereum mainnet). */
  chainIds: z.array(z.number().int()),
  issuedAt: z.string(),
  /** The nonce's end: the message's Expiration Time. */
  expirationTime: z.string(),
});
export type WalletNonce = z.infer<typeof WalletNonce>;

/** A signed EIP-4361 message: what the wallet's `personal_sign` signed, and its signature (hex). */
export const WalletProof = z.object({
  message: z.string({ error: 'E40110' }).min(1, { error: 'E40110' }).max(4000, { error: 'E40110' }),
  signature: z
    .string({ error: 'E40115' })
    .max(20_000, { error: 'E40115' })
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, { error: 'E40115' }),
});
export type WalletProof = z.infer<typeof WalletProof>;

/** A wallet linked to the signed-in account. */
export const LinkedWallet = z.object({
  id: z.number().int(),
  /** EIP-55 checksummed. */
  address: z.string(),
  /** The chain named by the message that proved it first. */
  chainId: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type LinkedWallet = z.infer<typeof LinkedWallet>;

export const UnlinkWalletRequest = z.object({ id: z.coerce.number().int().positive({ error: 'E40001' }) });

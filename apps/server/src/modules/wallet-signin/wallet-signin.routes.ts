import { SignInOutcome } from '@openbourse/contracts/auth.ts';
import {
  LinkedWallet,
  UnlinkWalletRequest,
  WalletNonce,
  WalletNonceRequest,
  WalletProof,
} from '@openbourse/contracts/wallet-signin.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, limit, typed } from '../../http/typed.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { WalletSignIn } from './wallet-signin.service.ts';

/** Per-client limits (the client is `req.ip`: see TRUST_PROXY). */
export interface WalletSignInLimits {
  nonces: LimitRule;
  proofs: LimitRule;
}

export const DEFAULT_WALLET_LIMITS: WalletSignInLimits = {
  nonces: { windowMs: 10 * 60_000, max: 30 },
  proofs: { windowMs: 60_000, max: 30 },
};

const MESSAGE_TERMS =
  'The message is EIP-4361 text as viem’s createSiweMessage writes it, naming this site’s domain and URI, ' +
  'an accepted chain, the nonce, Issued At and (optionally) Expiration Time.';

/** Sign-In with Ethereum: the nonce, `login/loginByDapp`, and the account centre's wallets. */
export async function walletSignInRoutes(
  app: FastifyInstance,
  {
    wallets,
    limiter,
    limits = DEFAULT_WALLET_LIMITS,
  }: { wallets: WalletSignIn; limiter: RateLimiter; limits?: WalletSignInLimits },
) {
  const r = typed(app);
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
  });

  r.post(
    '/swx/customer/login/dappNonce',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'A one-time nonce and the terms of a Sign-In with Ethereum message (valid 10 minutes)',
        description:
          "purpose 'signin' for login/loginByDapp; 'link' (signed in) for user/linkWallet. " +
          'The client builds the message from these terms; it does not choose the domain, URI or chain.',
        body: WalletNonceRequest,
        response: { 200: envelope(WalletNonce) },
      },
    },
    async (req) => {
      await limit(limiter, `wallet-nonce:${req.ip}`, limits.nonces);
      return ok(req, await wallets.issueNonce(req.body.purpose, req.user, req.ip));
    },
  );

  r.post(
    '/swx/customer/login/loginByDapp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Wallet sign-in: a signed EIP-4361 message (a new wallet gets a password-less account)',
        description: `${MESSAGE_TERMS} Answers a session or a second-factor challenge, like login/login. Without WALLET_RPC_URL only plain (EOA) wallets sign in.`,
        body: WalletProof,
        response: { 200: envelope(SignInOutcome) },
      },
    },
    async (req) => {
      await limit(limiter, `wallet-proof:${req.ip}`, limits.proofs);
      return ok(req, await wallets.signIn(req.body, { ...meta(req), lang: req.lang }));
    },
  );

  r.get(
    '/swx/customer/user/listWallets',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['user'],
        summary: 'Wallets that sign in to this account',
        security: BEARER,
        response: { 200: envelope(z.array(LinkedWallet)) },
      },
    },
    async (req) => ok(req, await wallets.list(req.user!)),
  );

  r.post(
    '/swx/customer/user/linkWallet',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['user'],
        summary: "Link a wallet to this account with a signed message (a 'link' nonce)",
        description: `${MESSAGE_TERMS} 40116 when the wallet is another account's, 40117 when already this one's.`,
        security: BEARER,
        body: WalletProof,
        response: { 200: envelope(LinkedWallet) },
      },
    },
    async (req) => {
      await limit(limiter, `wallet-proof:${req.ip}`, limits.proofs);
      return ok(req, await wallets.link(req.body, req.user!));
    },
  );

  r.post(
    '/swx/customer/user/unlinkWallet',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['user'],
        summary: 'Unlink a wallet (40118 when it is the only way in: set a password first)',
        security: BEARER,
        body: UnlinkWalletRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await wallets.unlink(req.user!, req.body.id);
      return ok(req, null);
    },
  );
}

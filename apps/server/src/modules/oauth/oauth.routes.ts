/**
 * Third-party sign-in's calls: the providers on offer, the start, the callback (`login/loginByGoogle`,
 * answering like `login/login`, or a link to prove), the link proof, and the account centre's
 * linked sign-ins. Start, callback and link are limited per client in the shared limiter.
 */
import { SendCodeResult, SignInOutcome } from '@openbourse/contracts/auth.ts';
import {
  GoogleCallbackRequest,
  GoogleSignInOutcome,
  LinkCodeRequest,
  LinkedIdentities,
  LinkProofRequest,
  OAuthStartResult,
  SignInProviders,
  UnlinkIdentityRequest,
} from '@openbourse/contracts/oauth.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, limit, typed } from '../../http/typed.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { OAuth } from './oauth.module.ts';

export interface OAuthLimits {
  start: LimitRule;
  callback: LimitRule;
  /** Link proofs and their codes (each ticket also allows five tries). */
  link: LimitRule;
}

export const DEFAULT_OAUTH_LIMITS: OAuthLimits = {
  start: { windowMs: 10 * 60_000, max: 60 },
  callback: { windowMs: 10 * 60_000, max: 60 },
  link: { windowMs: 10 * 60_000, max: 30 },
};

const meta = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
  lang: req.lang,
});

/**
 * The origin the browser called from: its Origin header when it is one (a page behind a dev proxy
 * sends its own), else the request's protocol and host. PUBLIC_URL, when set, wins over both; the
 * provider accepts only the redirect addresses registered with it either way.
 */
export function requestOrigin(req: FastifyRequest): string {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[A-Za-z0-9.[\]:-]+$/.test(origin)) return origin;
  return `${req.protocol}://${req.host}`;
}

export async function oauthRoutes(
  app: FastifyInstance,
  { oauth, limiter, limits = DEFAULT_OAUTH_LIMITS }: { oauth: OAuth; limiter: RateLimiter; limits?: OAuthLimits },
) {
  const r = typed(app);

  r.get(
    '/swx/customer/login/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'The third-party sign-in providers an operator has configured and enabled',
        response: { 200: envelope(SignInProviders) },
      },
    },
    async (req) => ok(req, { providers: await oauth.service.enabled() }),
  );

  r.post(
    '/swx/customer/login/google/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start a Google sign-in: the authorization URL (PKCE S256, state and nonce kept server-side 10 min)',
        description:
          'The provider sends the browser back to /api/loginCallback/google?code&state, whose page posts them to ' +
          'login/loginByGoogle. 40100 when no provider is configured.',
        response: { 200: envelope(OAuthStartResult) },
      },
    },
    async (req) => {
      await limit(limiter, `oauth-start:${req.ip}`, limits.start);
      return ok(req, await oauth.service.start('google', requestOrigin(req)));
    },
  );

  r.post(
    '/swx/customer/login/loginByGoogle',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a Google sign-in with the code and state the provider returned',
        description:
          'Answers a session or a second-factor challenge like login/login, or `linkRequired` when the proved ' +
          'address has an account this Google account is not linked to (prove it with login/google/link). ' +
          'A new address gets a new account without a password. 40101 unknown or used state, 40102 expired, ' +
          '40103 the provider refused the code (replayed) or its answer failed a check, 40104 unverified email.',
        body: GoogleCallbackRequest,
        response: { 200: envelope(GoogleSignInOutcome) },
      },
    },
    async (req) => {
      await limit(limiter, `oauth-callback:${req.ip}`, limits.callback);
      return ok(req, await oauth.service.callback('google', req.body, meta(req)));
    },
  );

  r.post(
    '/swx/customer/login/google/linkCode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a code to the account a Google sign-in asked to link (the link ticket names it)',
        body: LinkCodeRequest,
        response: { 200: envelope(SendCodeResult) },
      },
    },
    async (req) => {
      await limit(limiter, `oauth-link:${req.ip}`, limits.link);
      return ok(req, await oauth.links.sendCode(req.body.ticket, req.lang));
    },
  );

  r.post(
    '/swx/customer/login/google/link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Prove the account (password or mailed code): the Google account is linked and the user signed in',
        description: '40105 unknown, used, expired or out-of-tries ticket (five per ticket); 10004 wrong password.',
        body: LinkProofRequest,
        response: { 200: envelope(SignInOutcome) },
      },
    },
    async (req) => {
      await limit(limiter, `oauth-link:${req.ip}`, limits.link);
      return ok(req, await oauth.links.prove(req.body, meta(req)));
    },
  );

  const authed = { config: { auth: 'required' as const } };

  r.get(
    '/swx/customer/user/identities',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: 'The third-party sign-ins linked to the account',
        security: BEARER,
        response: { 200: envelope(LinkedIdentities) },
      },
    },
    async (req) => ok(req, await oauth.identities.list(req.user!.id)),
  );

  r.post(
    '/swx/customer/user/identities/unlink',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: 'Unlink a third-party sign-in (40106 when it is the only way in: no password, no other)',
        security: BEARER,
        body: UnlinkIdentityRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await oauth.identities.unlink(req.user!.id, req.body.id);
      return ok(req, null);
    },
  );
}

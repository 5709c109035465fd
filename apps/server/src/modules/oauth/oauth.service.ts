/**
 * Third-party sign-in (OpenID Connect, Google by default): start an attempt, finish it with the
 * provider's answer, then sign in a known identity, create an account for a new address, or ask the
 * owner of an existing address to prove it first (oauth.link.ts). Every sign-in ends in the auth
 * module's completeSignIn (disabled accounts, second factor).
 */
import type { SignInOutcome } from '@openbourse/contracts/auth.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import type { GoogleSignInOutcome, SignInProviderId } from '@openbourse/contracts/oauth.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { type ExternalAccounts, madeAccount } from '../auth/auth.external.ts';
import type { UsersService } from '../users/users.service.ts';
import { callbackPath, type OAuthOptions } from './oauth.config.ts';
import { oauthErrors } from './oauth.errors.ts';
import type { LinkTickets } from './oauth.link.ts';
import type { IdentityClaims, Oidc } from './oauth.oidc.ts';
import type { ProviderClient, ProviderSettings } from './oauth.providers.ts';
import { oauthRepository as repo } from './oauth.repository.ts';

/** How long a started sign-in waits for the provider's answer. */
export const ATTEMPT_TTL_MS = 10 * 60_000;

export type ClientMeta = { ip: string; userAgent?: string };

export interface OAuthDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  users: UsersService;
  external: ExternalAccounts;
  settings: ProviderSettings;
  oidc: Oidc;
  links: LinkTickets;
  options: OAuthOptions;
  /** The auth module's completeSignIn: a session, or a second-factor challenge. */
  completeSignIn(userId: number, meta: ClientMeta): Promise<SignInOutcome>;
}

/** The callback's address: PUBLIC_URL's origin when set, else the origin the browser called us at. */
export function redirectUriFor(options: OAuthOptions, provider: SignInProviderId, requestOrigin: string) {
  return `${options.publicUrl ?? requestOrigin}${callbackPath(provider)}`;
}

export function createOAuthService(deps: OAuthDeps) {
  const { db, clock, log, users, settings, oidc } = deps;

  async function client(provider: SignInProviderId): Promise<ProviderClient> {
    const c = await settings.active(db, provider);
    if (!c) throw oauthErrors.providerOff();
    return c;
  }

  /** A new identity: its own account when the address is new, else a link its owner must prove. */
  async function firstSignIn(
    provider: SignInProviderId,
    claims: IdentityClaims & { email: string },
    meta: ClientMeta & { lang: Language },
  ): Promise<GoogleSignInOutcome> {
    const owner = await users.findByEmail(db, claims.email);
    if (owner) return deps.links.issue(provider, Number(owner.id), claims);
    const now = clock.now();
    try {
      const userId = await db.transaction(async (tx) => {
        const user = await deps.external.create(tx, {
          usernameHint: claims.email.split('@')[0] ?? '',
          email: claims.email,
          language: meta.lang,
        });
        const identity = await repo.insertIdentity(tx, {
          userId: Number(user.id),
          provider,
          issuer: claims.issuer,
          subject: claims.subject,
          email: claims.email,
          createdAt: now,
          lastUsedAt: now,
        });
        // A racing callback of the same identity recorded it first: this account is not needed.
        if (!identity) throw new RaceLost();
        return Number(user.id);
      });
      return madeAccount(await deps.completeSignIn(userId, meta));
    } catch (err) {
      if (err instanceof RaceLost) return knownOrFail(claims, meta);
      // The address was registered between the look-up and the insert: its owner proves it.
      if (err instanceof AppError && err.code === ErrorCode.EmailExists) {
        const raced = await users.findByEmail(db, claims.email);
        if (raced) return deps.links.issue(provider, Number(raced.id), claims);
      }
      throw err;
    }
  }

  async function knownOrFail(claims: IdentityClaims, meta: ClientMeta) {
    const known = await repo.identity(db, claims.issuer, claims.subject);
    if (!known) throw oauthErrors.refused();
    await repo.touchIdentity(db, known.id, clock.now());
    return deps.completeSignIn(known.userId, meta);
  }

  return {
    /** The providers the sign-in pages offer. */
    async enabled(): Promise<SignInProviderId[]> {
      return (await settings.active(db, 'google')) ? ['google'] : [];
    },

    /** Starts an attempt: its state (hashed), nonce and PKCE verifier stored, single use, ten minutes. */
    async start(provider: SignInProviderId, requestOrigin: string) {
      const c = await client(provider);
      const redirectUri = redirectUriFor(deps.options, provider, requestOrigin);
      let attempt: Awaited<ReturnType<Oidc['authorizationUrl']>>;
      try {
        attempt = await oidc.authorizationUrl(c, redirectUri);
      } catch (err) {
        log.warn({ err, issuer: c.issuer }, 'oauth: the provider could not be discovered');
        throw oauthErrors.refused(err);
      }
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ATTEMPT_TTL_MS);
      await repo.insertAttempt(db, {
        stateHash: sha256(attempt.state),
        provider,
        codeVerifier: attempt.codeVerifier,
        nonce: attempt.nonce,
        redirectUri,
        createdAt: now,
        expiresAt,
      });
      return { url: attempt.url, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The provider's answer, posted by the callback page. The attempt is consumed first (one
     * conditional update: of racing or replayed callbacks one proceeds), then the code is exchanged.
     */
    async callback(
      provider: SignInProviderId,
      response: { code: string; state: string; iss?: string | undefined },
      meta: ClientMeta & { lang: Language },
    ): Promise<GoogleSignInOutcome> {
      const c = await client(provider);
      const now = clock.now();
      const attempt = await repo.consumeAttempt(db, sha256(response.state), now);
      if (!attempt || attempt.provider !== provider) throw oauthErrors.attemptUnknown();
      if (attempt.expiresAt.getTime() <= now.getTime()) throw oauthErrors.attemptExpired();
      let claims: IdentityClaims;
      try {
        claims = await oidc.exchange(c, { ...attempt, state: response.state }, response);
      } catch (err) {
        log.info({ err: (err as Error).message }, 'oauth: the provider refused the code or its answer failed a check');
        throw oauthErrors.refused(err);
      }
      const known = await repo.identity(db, claims.issuer, claims.subject);
      if (known) {
        await repo.touchIdentity(db, known.id, now);
        return deps.completeSignIn(known.userId, meta);
      }
      if (!claims.email || !claims.emailVerified) throw oauthErrors.emailUnverified();
      return firstSignIn(provider, { ...claims, email: claims.email }, meta);
    },

    /** Housekeeping (a job): attempts and tickets a day past their expiry. */
    async sweep() {
      return repo.sweep(db, new Date(clock.now().getTime() - 24 * 3_600_000));
    },
  };
}

class RaceLost extends Error {}

export type OAuthService = ReturnType<typeof createOAuthService>;

/**
 * Who a request is (the platform's identity wiring): accounts and their passwords, verification
 * codes, sign-in by password, Google (modules/oauth) or wallet (modules/wallet-signin) — each ending
 * in the auth service's completeSignIn —, the second factor (modules/twofactor), the account centre,
 * and API keys for bots (modules/apikeys).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BuildOptions } from './app.ts';
import type { Clock } from './lib/clock.ts';
import { createSecretBoxes } from './lib/secret-box.ts';
import { adminRepository } from './modules/admin/admin.repository.ts';
import { createApiKeys } from './modules/apikeys/apikeys.service.ts';
import { createAccountService } from './modules/auth/auth.account.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCodesService } from './modules/auth/codes.service.ts';
import { createLoginGuard, DEFAULT_LOGIN_GUARD } from './modules/auth/login-guard.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createExternalAccounts } from './modules/auth/auth.external.ts';
import { oauthOptionsFromEnv } from './modules/oauth/oauth.config.ts';
import { createOAuth } from './modules/oauth/oauth.module.ts';
import { buildWalletSignIn } from './modules/wallet-signin/wallet-signin.module.ts';
import { createTwoFactorEnrolment } from './modules/twofactor/twofactor.enrol.ts';
import { createTwoFactorCore } from './modules/twofactor/twofactor.service.ts';
import type { Db } from './db/client.ts';
import type { createMailer } from './modules/mail/mailer.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';
import type { ParamsService } from './modules/params/params.service.ts';
import type { RateLimiter } from './modules/limits/limits.service.ts';
import type { Events } from './modules/events/events.service.ts';

export interface IdentityDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  params: ParamsService;
  mailer: ReturnType<typeof createMailer>;
  notifications: NotificationsService;
  events: Events;
  limiter: RateLimiter;
}

export function createIdentity(
  opts: BuildOptions,
  { db, clock, log, params, mailer, notifications, events, limiter }: IdentityDeps,
) {
  const users = createUsersService({ db });
  const codes = createCodesService({ db, clock, mailer });
  // Secrets at rest (API key secrets, users' and operators' TOTP secrets, sign-in providers' client
  // secrets): one box per purpose under SECRETS_KEY (else DATA_DIR/secrets.key), also opening values kept
  // before it (lib/secret-box.legacy.ts). The key's fingerprint is checked against the database's at start.
  const secrets = createSecretBoxes({
    secretsKey: opts.config.SECRETS_KEY,
    apiKeysKey: opts.config.API_KEYS_ENCRYPTION_KEY,
    twoFactorKey: opts.config.TWOFACTOR_KEY,
    dataDir: opts.config.dataDir ?? './data',
  });
  // The second factor (modules/twofactor): asked by every sign-in once its first factor is proved, and
  // by withdrawals (verifyStepUp).
  const twoFactor = createTwoFactorCore({
    db,
    clock,
    limiter,
    box: secrets.twofactor,
    passwordHash: async (exec, userId) => (await users.byId(exec, userId)).passwordHash,
    startSession: (userId, meta) => auth.startSession(userId, meta),
  });
  const twoFactorEnrol = createTwoFactorEnrolment({
    db,
    clock,
    core: twoFactor,
    box: secrets.twofactor,
    issuer: async () => (await params.get('site_name')) ?? 'OpenBourse',
    username: async (exec, userId) => (await users.byId(exec, userId)).username,
  });
  const auth = createAuthService({
    secondFactor: twoFactor,
    db,
    clock,
    users,
    codes,
    params,
    sessionTtlMs: opts.config.SESSION_TTL_HOURS * 3_600_000,
    limiter,
    guard: createLoginGuard({ db, clock, limiter, rules: opts.authLimits?.loginGuard ?? DEFAULT_LOGIN_GUARD }),
    codesPerAddress: opts.authLimits?.codesPerAddress ?? { windowMs: 60 * 60_000, max: 5 },
    notifications,
    events,
  });
  /** Password-less accounts made by Google or wallet sign-in (auth.external.ts). */
  const externalAccounts = createExternalAccounts({ users, clock });
  // Google sign-in (modules/oauth): configured in the back office or by GOOGLE_*; ends in completeSignIn.
  const oauth = createOAuth({
    db,
    clock,
    log,
    users,
    codes,
    params,
    limiter,
    codesPerAddress: opts.authLimits?.codesPerAddress ?? { windowMs: 60 * 60_000, max: 5 },
    external: externalAccounts,
    options: {
      ...oauthOptionsFromEnv(process.env),
      ...(opts.config.PUBLIC_URL ? { publicUrl: opts.config.PUBLIC_URL.replace(/\/+$/, '') } : {}),
    },
    completeSignIn: (userId, meta) => auth.completeSignIn(userId, meta),
    audit: (tx, actor, at, entry) => adminRepository.auditAs(tx, actor, at, entry),
    box: secrets['signin-providers'],
    // A linked wallet is a way in too: a Google identity's unlink counts them (under the account's row lock).
    otherWaysIn: (exec, userId) => walletSignIn.countOf(exec, userId),
  });
  /** Sign-In with Ethereum (login/loginByDapp): the message names PUBLIC_URL's host. */
  const walletSignIn = buildWalletSignIn({
    db,
    clock,
    auth,
    external: externalAccounts,
    publicUrl: opts.config.PUBLIC_URL ?? `http://localhost:${opts.config.PORT ?? 8080}`,
    env: process.env,
    // A linked Google identity is a way in too: a wallet's unlink counts them (under the same lock).
    otherIdentities: (exec, userId) => oauth.identities.count(exec, userId),
  });
  const account = createAccountService({
    db,
    clock,
    users,
    codes,
    params,
    limiter,
    codesPerAddress: opts.authLimits?.codesPerAddress ?? { windowMs: 60 * 60_000, max: 5 },
    forgetSessions: (userId) => auth.forgetSessions(userId),
    events,
    // The address a contact change replaces is told of it, in the change's transaction.
    mailer,
  });
  // API keys for bots: signed requests acting for a user with the key's scopes only (modules/apikeys).
  const apiKeys = createApiKeys({
    db,
    clock,
    limiter,
    users,
    box: secrets.apikeys,
    // Creating a key asks a current second factor too once the user has one.
    stepUp: (userId, proof, rp) => twoFactor.verifyStepUp(userId, proof, rp),
  });
  return {
    users,
    codes,
    auth,
    account,
    twoFactor,
    twoFactorEnrol,
    externalAccounts,
    oauth,
    walletSignIn,
    apiKeys,
    secrets,
  };
}

/** The third-party sign-in's services, wired once (platform.ts builds it; routes and tests use its parts). */
import type { SignInOutcome } from '@openbourse/contracts/auth.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { ExternalAccounts } from '../auth/auth.external.ts';
import type { CodesService } from '../auth/codes.service.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { ParamsService } from '../params/params.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { type AuditWriter, createSignInProvidersAdmin } from './oauth.admin.ts';
import type { OAuthOptions } from './oauth.config.ts';
import { createIdentities } from './oauth.identities.ts';
import { createLinkTickets } from './oauth.link.ts';
import { createOidc } from './oauth.oidc.ts';
import { createProviderSettings } from './oauth.providers.ts';
import { createOAuthService } from './oauth.service.ts';

export function createOAuth(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  users: UsersService;
  codes: CodesService;
  params: ParamsService;
  limiter: RateLimiter;
  codesPerAddress: LimitRule;
  external: ExternalAccounts;
  options: OAuthOptions;
  completeSignIn(userId: number, meta: { ip: string; userAgent?: string }): Promise<SignInOutcome>;
  otherWaysIn?: (exec: Executor, userId: number) => Promise<number>;
  audit: AuditWriter;
  /** The secret box's 'signin-providers' box (lib/secret-box.ts): client secrets saved in the back office. */
  box: SecretBox;
}) {
  const { db, clock, users, options, box } = deps;
  const settings = createProviderSettings({ options, box });
  const oidc = createOidc();
  const links = createLinkTickets({
    db,
    clock,
    users,
    codes: deps.codes,
    params: deps.params,
    limiter: deps.limiter,
    codesPerAddress: deps.codesPerAddress,
    completeSignIn: deps.completeSignIn,
  });
  const service = createOAuthService({
    db,
    clock,
    log: deps.log,
    users,
    external: deps.external,
    settings,
    oidc,
    links,
    options,
    completeSignIn: deps.completeSignIn,
  });
  return {
    service,
    links,
    identities: createIdentities({ db, users, ...(deps.otherWaysIn ? { otherWaysIn: deps.otherWaysIn } : {}) }),
    admin: createSignInProvidersAdmin({ db, clock, settings, box, oidc, options, audit: deps.audit }),
  };
}

export type OAuth = ReturnType<typeof createOAuth>;

/**
 * Linking a new identity to the account that already has its address: the sign-in answers a ticket
 * (stored hashed; single use, ten minutes, five tries) instead of a session, and the owner proves the
 * account with its password or a code mailed to the address. Only then is the identity recorded and
 * the sign-in completed. The proof is counted against the ticket before it is compared.
 */
import type { SignInOutcome } from '@openbourse/contracts/auth.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import type { LinkProofRequest, LinkRequired, SignInProviderId } from '@openbourse/contracts/oauth.ts';
import { errorMessage } from '@openbourse/locales/server.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { CODE_TTL_MS, type CodesService } from '../auth/codes.service.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { ParamsService } from '../params/params.service.ts';
import { maskEmail } from '../users/phone.ts';
import type { UsersService } from '../users/users.service.ts';
import { oauthErrors } from './oauth.errors.ts';
import type { IdentityClaims } from './oauth.oidc.ts';
import { oauthRepository as repo } from './oauth.repository.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';

export const TICKET_TTL_MS = 10 * 60_000;
/** The codes' purpose for a link proof (codes.service.ts). */
export const LINK_PURPOSE = 'link' as const;

type Proof = z.output<typeof LinkProofRequest>;
type Meta = { ip: string; userAgent?: string };

export function createLinkTickets(deps: {
  db: Db;
  clock: Clock;
  users: UsersService;
  codes: CodesService;
  params: ParamsService;
  limiter: RateLimiter;
  /** Codes mailed to one address, whoever asks (the auth module's rule). */
  codesPerAddress: LimitRule;
  completeSignIn(userId: number, meta: Meta): Promise<SignInOutcome>;
}) {
  const { db, clock, users, codes } = deps;

  async function live(ticket: string) {
    const row = await repo.liveTicket(db, sha256(ticket), clock.now());
    if (!row) throw oauthErrors.ticketInvalid();
    return row;
  }

  return {
    /** The sign-in's answer for a new identity with an address that has an account. */
    async issue(provider: SignInProviderId, userId: number, claims: IdentityClaims & { email: string }) {
      const owner = await users.byId(db, userId);
      const ticket = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
      await repo.insertTicket(db, {
        ticketHash: sha256(ticket),
        userId,
        provider,
        issuer: claims.issuer,
        subject: claims.subject,
        email: claims.email,
        createdAt: now,
        expiresAt,
      });
      return {
        linkRequired: {
          ticket,
          email: maskEmail(claims.email),
          methods: owner.passwordHash ? ['password', 'emailCode'] : ['emailCode'],
          expiresAt: expiresAt.toISOString(),
        },
      } satisfies LinkRequired;
    },

    /** Mails a code to the account's address (the one the provider proved), under the codes' rules. */
    async sendCode(ticket: string, lang: Language) {
      const row = await live(ticket);
      const perAddress = await deps.limiter.hit(`code-to:${row.email}`, deps.codesPerAddress);
      if (!perAddress.allowed) throw new AppError(ErrorCode.TooManyRequests);
      const site = (await deps.params.get('site_name')) ?? 'OpenBourse';
      const sent = await codes.send(
        LINK_PURPOSE,
        { channel: 'email', address: row.email },
        {
          subject: errorMessage(lang, 'mail.subject.link', { site }),
          body: (code: string) => errorMessage(lang, 'mail.body', { code, site, minutes: CODE_TTL_MS / 60_000 }),
        },
      );
      return { ...sent, sentTo: maskEmail(row.email) };
    },

    /** The owner's proof: the identity is linked and the sign-in completed. */
    async prove(proof: Proof, meta: Meta): Promise<SignInOutcome> {
      const hash = sha256(proof.ticket);
      const row = await repo.countTicketTry(db, hash, clock.now());
      if (!row) throw oauthErrors.ticketInvalid();
      let codeId: number | null = null;
      if (proof.method === 'password') {
        const owner = await users.byId(db, row.userId);
        if (!owner.passwordHash || !(await verifyPassword(owner.passwordHash, proof.password))) {
          throw oauthErrors.passwordWrong();
        }
      } else {
        codeId = await codes.check(LINK_PURPOSE, row.email, proof.code);
      }
      await db.transaction(async (tx) => {
        if (!(await repo.consumeTicket(tx, hash, clock.now()))) throw oauthErrors.ticketInvalid();
        if (codeId !== null) await codes.consume(tx, codeId);
        const now = clock.now();
        const linked = await repo.insertIdentity(tx, {
          userId: row.userId,
          provider: row.provider,
          issuer: row.issuer,
          subject: row.subject,
          email: row.email,
          createdAt: now,
          lastUsedAt: now,
        });
        if (!linked) {
          // Linked meanwhile (another tab's proof): fine when to this account, refused when to another.
          const existing = await repo.identity(tx, row.issuer, row.subject);
          if (existing?.userId !== row.userId) throw oauthErrors.identityTaken();
        }
      });
      return deps.completeSignIn(row.userId, meta);
    },
  };
}

export type LinkTickets = ReturnType<typeof createLinkTickets>;

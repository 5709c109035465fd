/**
 * Users' second factor: what a user has enrolled, the sign-in challenge and its answer, and the
 * step-up proof other modules ask for (`verifyStepUp`: withdrawals now, API keys next). Every try is
 * counted per user in the shared rate_limits before it is compared; what makes a proof single use
 * (a TOTP step, a recovery code, a WebAuthn challenge, a ticket) is taken by one conditional UPDATE.
 */
import type { LoginResult, SecondFactor, TwoFactorChallenge } from '@openbourse/contracts/auth.ts';
import type { SecondFactorProof, TwoFactorStatus } from '@openbourse/contracts/twofactor.ts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { burnPasswordCheck, newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import { hashRecoveryCode, totpStep } from './twofactor.codes.ts';
import { twoFactorErrors as errors } from './twofactor.errors.ts';
import { twoFactorRepository as repo } from './twofactor.repository.ts';
import type { ChallengeRow } from './twofactor.tables.ts';
import { authenticationOptions, type RelyingParty, signedChallenge, verifyAssertion } from './twofactor.webauthn.ts';

export type Proof = z.output<typeof import('@openbourse/contracts/twofactor.ts').SecondFactorProof>;
export type Confirmation = { password: string; proof?: Proof | undefined };
type ClientMeta = { ip: string; userAgent?: string };

/** Sign-in tickets and WebAuthn challenges live 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Second-factor tries per user (codes, passkeys, recovery codes, confirmation passwords), right or wrong. */
export const DEFAULT_TRIES: LimitRule = { windowMs: 15 * 60_000, max: 10 };

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  /** The secret box's 'twofactor' box (lib/secret-box.ts): TOTP secrets are sealed with it. */
  box: SecretBox;
  /** The account's password hash (null when it has none: Google or wallet sign-in only). */
  passwordHash: (exec: Executor, userId: number) => Promise<string | null>;
  /** Opens the session once every factor is proved (the auth service's startSession). */
  startSession: (userId: number, meta: ClientMeta) => Promise<LoginResult>;
  tries?: LimitRule;
}

export function createTwoFactorCore(deps: TwoFactorDeps) {
  const { db, clock, limiter } = deps;
  const tries = deps.tries ?? DEFAULT_TRIES;
  const triesKey = (userId: number) => `twofactor:${userId}`;

  /** What the user can answer a challenge with; recovery codes count only beside a real factor. */
  async function methodsOf(exec: Executor, userId: number): Promise<SecondFactor[]> {
    const has = await repo.hasAny(exec, userId);
    const out: SecondFactor[] = [];
    if (has.totp) out.push('totp');
    if (has.passkey) out.push('passkey');
    if (out.length && (await repo.recoveryLeft(exec, userId)) > 0) out.push('recovery');
    return out;
  }

  /** Counts a try before anything is compared: over the limit, nothing is. */
  async function countTry(userId: number) {
    const hit = await limiter.hit(triesKey(userId), tries);
    if (!hit.allowed) throw errors.tooManyTries(Math.max(1, Math.ceil(hit.retryAfterMs / 60_000)));
  }

  /** A stored TOTP secret; one that does not open (the secrets key changed) is an error, not a wrong code. */
  async function secretOf(sealed: string) {
    const secret = deps.box.open(sealed);
    if (secret === null) throw new Error('twofactor: a TOTP secret does not open under the secrets key');
    return secret;
  }

  /**
   * Checks a proof (its try counted by the caller) and uses it up: the TOTP step taken, the
   * recovery code spent, the passkey's WebAuthn challenge consumed and its counter moved on.
   * `ticket`: a sign-in's ticket, whose stored challenge the passkey must have signed.
   */
  async function useProof(userId: number, proof: Proof, rp: RelyingParty | null, ticket?: ChallengeRow) {
    const now = clock.now();
    if (proof.method === 'totp') {
      const row = await repo.totp(db, userId);
      if (!row?.confirmedAt) throw errors.wrong();
      const step = totpStep(await secretOf(row.secretEnc), proof.code, now.getTime());
      if (step === null || !(await repo.takeStep(db, userId, step))) throw errors.wrong();
      return;
    }
    if (proof.method === 'recovery') {
      if (!(await repo.useRecoveryCode(db, userId, hashRecoveryCode(userId, proof.code), now))) throw errors.wrong();
      return;
    }
    if (!rp) throw errors.wrong();
    const passkey = await repo.passkeyByCredential(db, proof.response.id);
    if (passkey?.userId !== userId) throw errors.wrong();
    const challenge = signedChallenge(proof.response.response.clientDataJSON);
    if (!challenge) throw errors.wrong();
    if (ticket) {
      if (ticket.webauthnChallenge !== challenge) throw errors.wrong();
    } else if (!(await repo.consumeWebauthn(db, userId, 'stepup', challenge, now))) {
      throw errors.wrong();
    }
    const counter = await verifyAssertion(rp, challenge, passkey, proof.response);
    if (counter === null || !(await repo.usePasskey(db, passkey.id, counter, now))) throw errors.wrong();
  }

  /** A proof that passed: the user's tries are forgotten (as a right password forgets wrong ones). */
  async function proved(userId: number) {
    await limiter.reset(triesKey(userId));
  }

  return {
    methodsOf,

    async status(userId: number): Promise<TwoFactorStatus> {
      const [methods, passkeys, left, totp] = await Promise.all([
        methodsOf(db, userId),
        repo.passkeys(db, userId),
        repo.recoveryLeft(db, userId),
        repo.totp(db, userId),
      ]);
      return {
        methods,
        totp: Boolean(totp?.confirmedAt),
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          createdAt: p.createdAt.getTime(),
          lastUsedAt: p.lastUsedAt?.getTime() ?? null,
        })),
        recoveryCodesLeft: methods.length ? left : 0,
      };
    },

    /** The auth service's hook: a ticket when the account has a second factor, else null. */
    async challenge(userId: number, meta: ClientMeta): Promise<TwoFactorChallenge | null> {
      const methods = await methodsOf(db, userId);
      if (!methods.length) return null;
      const ticket = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
      await repo.insertChallenge(db, {
        userId,
        purpose: 'signin',
        ticketHash: sha256(ticket),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        createdAt: now,
        expiresAt,
      });
      return { twoFactor: { ticket, methods, expiresAt: expiresAt.toISOString() } };
    },

    /** Passkey options for a sign-in ticket: its WebAuthn challenge is kept with the ticket. */
    async signInPasskeyOptions(ticket: string, rp: RelyingParty) {
      const row = await repo.liveTicket(db, sha256(ticket), clock.now());
      if (!row) throw errors.ticket();
      const passkeys = await repo.passkeys(db, row.userId);
      if (!passkeys.length) throw errors.notEnabled();
      const options = await authenticationOptions(rp, passkeys);
      await repo.setWebauthnChallenge(db, row.id, options.challenge);
      return options;
    },

    /**
     * Answers a sign-in ticket: the proof checked and used up, then the ticket consumed (once: a
     * replay or a race loses), then the session.
     */
    async answer(ticket: string, proof: Proof, meta: ClientMeta, rp: RelyingParty | null) {
      const row = await repo.liveTicket(db, sha256(ticket), clock.now());
      if (!row) throw errors.ticket();
      await countTry(row.userId);
      await useProof(row.userId, proof, rp, row);
      if (!(await repo.consume(db, row.id, clock.now()))) throw errors.ticket();
      await proved(row.userId);
      return deps.startSession(row.userId, meta);
    },

    /** Passkey options for a step-up (a withdrawal, a fresh confirmation) of a signed-in user. */
    async stepUpOptions(userId: number, rp: RelyingParty) {
      const passkeys = await repo.passkeys(db, userId);
      if (!passkeys.length) throw errors.notEnabled();
      const options = await authenticationOptions(rp, passkeys);
      const now = clock.now();
      await repo.insertChallenge(db, {
        userId,
        purpose: 'stepup',
        webauthnChallenge: options.challenge,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      });
      return options;
    },

    /**
     * For other modules: a user with a second factor must prove it here (withdrawals, API keys).
     * No factor enrolled: passes. None given: 40120. Wrong, used or expired: 40121. Too many: 40123.
     */
    async verifyStepUp(userId: number, proof: Proof | undefined | null, rp: RelyingParty | null) {
      if (!(await methodsOf(db, userId)).length) return;
      if (!proof) throw errors.required();
      await countTry(userId);
      await useProof(userId, proof, rp);
      await proved(userId);
    },

    /**
     * A fresh confirmation (enrolling, removing, regenerating): the login password, and a current
     * second factor when one is enrolled. The password costs a try too.
     */
    async confirmFresh(userId: number, c: Confirmation, rp: RelyingParty | null) {
      await countTry(userId);
      const hash = await deps.passwordHash(db, userId);
      const good = hash ? await verifyPassword(hash, c.password) : await burnPasswordCheck(c.password);
      if (!good) throw errors.passwordWrong();
      if ((await methodsOf(db, userId)).length) {
        if (!c.proof) throw errors.required();
        await useProof(userId, c.proof, rp);
      }
      await proved(userId);
    },

    countTry,
    proved,
    secretOf,

    /** Expired challenges and tickets (the twofactor.sweep job). */
    sweep: () => repo.sweep(db, new Date(clock.now().getTime() - CHALLENGE_TTL_MS)),
  };
}

export type TwoFactorCore = ReturnType<typeof createTwoFactorCore>;
export type { SecondFactorProof };

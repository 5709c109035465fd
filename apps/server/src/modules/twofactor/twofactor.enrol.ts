/**
 * Enrolment in the account centre: TOTP (a secret made here, shown once, counted once a first
 * code confirms it), passkeys (several, named), the ten recovery codes (shown once: with the first
 * factor, and when regenerated), and removals. Enrolling, removing and regenerating need a fresh
 * confirmation (the password, plus a current second factor when one is enrolled).
 */
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpOf, totpStep } from './twofactor.codes.ts';
import { twoFactorErrors as errors } from './twofactor.errors.ts';
import { twoFactorRepository as repo } from './twofactor.repository.ts';
import type { Confirmation, TwoFactorCore } from './twofactor.service.ts';
import { CHALLENGE_TTL_MS } from './twofactor.service.ts';
import { type RelyingParty, registrationOptions, signedChallenge, verifyRegistration } from './twofactor.webauthn.ts';

/** Passkeys per user. */
export const MAX_PASSKEYS = 10;

export function createTwoFactorEnrolment(deps: {
  db: Db;
  clock: Clock;
  core: TwoFactorCore;
  /** The secret box's 'twofactor' box: the pending secret is stored sealed. */
  box: SecretBox;
  /** The name apps and passkey managers show (the site's name). */
  issuer: () => Promise<string>;
  username: (exec: Executor, userId: number) => Promise<string>;
}) {
  const { db, clock, core } = deps;

  /** Fresh codes in `tx`, replacing any; answered once, stored hashed. */
  async function issueRecoveryCodes(tx: Executor, userId: number) {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => hashRecoveryCode(userId, c)),
      clock.now(),
    );
    return codes;
  }

  /** After a factor is added in `tx`: the first factor brings recovery codes, answered once. */
  async function codesIfFirst(tx: Executor, userId: number, hadFactor: boolean) {
    return hadFactor ? null : issueRecoveryCodes(tx, userId);
  }

  /** After a removal in `tx`: with no factor left, the recovery codes go too. */
  async function dropCodesIfNone(tx: Executor, userId: number) {
    if (!(await core.methodsOf(tx, userId)).length) await repo.replaceRecoveryCodes(tx, userId, [], clock.now());
  }

  return {
    /** A new pending secret (replacing an unconfirmed one); 40124 when TOTP is already on. */
    async totpStart(userId: number, c: Confirmation, rp: RelyingParty | null) {
      const current = await repo.totp(db, userId);
      if (current?.confirmedAt) throw errors.totpState();
      await core.confirmFresh(userId, c, rp);
      const secret = newTotpSecret();
      if (!(await repo.putPendingTotp(db, userId, deps.box.seal(secret), clock.now()))) {
        throw errors.totpState();
      }
      const uri = totpOf(await deps.username(db, userId), secret, await deps.issuer()).toString();
      return { secret, uri };
    },

    /** The first code confirms the pending secret; the step it used cannot be used again. */
    async totpConfirm(userId: number, code: string) {
      const row = await repo.totp(db, userId);
      if (!row || row.confirmedAt) throw errors.totpState();
      await core.countTry(userId);
      const step = totpStep(await core.secretOf(row.secretEnc), code, clock.now().getTime());
      if (step === null || !(await repo.takeStep(db, userId, step))) throw errors.wrong();
      await core.proved(userId);
      return db.transaction(async (tx) => {
        const hadFactor = (await core.methodsOf(tx, userId)).length > 0;
        if (!(await repo.confirmTotp(tx, userId, clock.now()))) throw errors.totpState();
        return { recoveryCodes: await codesIfFirst(tx, userId, hadFactor) };
      });
    },

    async totpRemove(userId: number, c: Confirmation, rp: RelyingParty | null) {
      const row = await repo.totp(db, userId);
      if (!row?.confirmedAt) throw errors.notEnabled();
      await core.confirmFresh(userId, c, rp);
      await db.transaction(async (tx) => {
        await repo.deleteTotp(tx, userId);
        await dropCodesIfNone(tx, userId);
      });
    },

    /** Registration options; the WebAuthn challenge is stored for 5 minutes, single use. */
    async passkeyOptions(userId: number, c: Confirmation, rp: RelyingParty) {
      const existing = await repo.passkeys(db, userId);
      if (existing.length >= MAX_PASSKEYS) throw errors.passkeysFull(MAX_PASSKEYS);
      await core.confirmFresh(userId, c, rp);
      const options = await registrationOptions(
        rp,
        await deps.issuer(),
        { id: userId, username: await deps.username(db, userId) },
        existing,
      );
      const now = clock.now();
      await repo.insertChallenge(db, {
        userId,
        purpose: 'register',
        webauthnChallenge: options.challenge,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      });
      return options;
    },

    /** The browser's attestation: its challenge consumed once, then verified and stored. */
    async passkeyVerify(userId: number, input: { name?: string | undefined; response: unknown }, rp: RelyingParty) {
      const response = input.response as { response: { clientDataJSON: string } };
      const challenge = signedChallenge(response.response.clientDataJSON);
      if (!challenge || !(await repo.consumeWebauthn(db, userId, 'register', challenge, clock.now()))) {
        throw errors.passkeyRejected();
      }
      const credential = await verifyRegistration(rp, challenge, input.response);
      if (!credential) throw errors.passkeyRejected();
      return db.transaction(async (tx) => {
        const existing = await repo.passkeys(tx, userId);
        if (existing.length >= MAX_PASSKEYS) throw errors.passkeysFull(MAX_PASSKEYS);
        const hadFactor = (await core.methodsOf(tx, userId)).length > 0;
        const stored = await repo.insertPasskey(tx, {
          userId,
          credentialId: credential.credentialId,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports.join(',') || null,
          name: input.name ?? `Passkey ${existing.length + 1}`,
          createdAt: clock.now(),
        });
        if (!stored) throw errors.passkeyRejected();
        return {
          passkey: { id: stored.id, name: stored.name, createdAt: stored.createdAt.getTime(), lastUsedAt: null },
          recoveryCodes: await codesIfFirst(tx, userId, hadFactor),
        };
      });
    },

    async passkeyRename(userId: number, id: number, name: string) {
      if (!(await repo.renamePasskey(db, userId, id, name))) throw errors.passkeyNotFound();
    },

    async passkeyRemove(userId: number, id: number, c: Confirmation, rp: RelyingParty | null) {
      const mine = (await repo.passkeys(db, userId)).some((p) => p.id === id);
      if (!mine) throw errors.passkeyNotFound();
      await core.confirmFresh(userId, c, rp);
      await db.transaction(async (tx) => {
        if (!(await repo.deletePasskey(tx, userId, id))) throw errors.passkeyNotFound();
        await dropCodesIfNone(tx, userId);
      });
    },

    /** Ten new codes, the old ones void; only beside a factor. */
    async regenerateRecoveryCodes(userId: number, c: Confirmation, rp: RelyingParty | null) {
      if (!(await core.methodsOf(db, userId)).length) throw errors.notEnabled();
      await core.confirmFresh(userId, c, rp);
      return { recoveryCodes: await db.transaction((tx) => issueRecoveryCodes(tx, userId)) };
    },
  };
}

export type TwoFactorEnrolment = ReturnType<typeof createTwoFactorEnrolment>;

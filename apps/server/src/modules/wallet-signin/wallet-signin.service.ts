import type { SignInOutcome } from '@openbourse/contracts/auth.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import type {
  LinkedWallet,
  WalletNonce,
  WalletNoncePurpose,
  WalletProof,
} from '@openbourse/contracts/wallet-signin.ts';
import { generateSiweNonce } from 'viem/siwe';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ExternalAccounts, madeAccount } from '../auth/auth.external.ts';
import type { ClientMeta } from '../auth/auth.service.ts';
import { siteOf, type WalletSignInOptions } from './wallet-signin.config.ts';
import { walletErrors } from './wallet-signin.errors.ts';
import { checkMessage, type SignatureCheck } from './wallet-signin.message.ts';
import { createWalletRepository, type WalletRow } from './wallet-signin.repository.ts';

interface Deps {
  db: Db;
  clock: Clock;
  options: WalletSignInOptions;
  signatures: SignatureCheck;
  /** Where every sign-in ends once its first factor is proved (disabled accounts, second factor). */
  auth: { completeSignIn(userId: number, meta: ClientMeta): Promise<SignInOutcome> };
  /** Password-less accounts for wallets seen for the first time. */
  external: ExternalAccounts;
  /**
   * Ways into an account other than its password and its wallets (its Google identities, counted by
   * modules/oauth; platform.identity.ts wires them): an unlink leaves at least one way in. None by default.
   */
  otherIdentities?: (exec: Executor, userId: number) => Promise<number>;
}

/** A wallet raced to another sign-up between our look-up and our insert: that one is used. */
class LostRace extends Error {}

const toLinked = (w: WalletRow): LinkedWallet => ({
  id: w.id,
  address: w.address,
  chainId: w.chainId,
  createdAt: w.createdAt.toISOString(),
  lastUsedAt: w.lastUsedAt?.toISOString() ?? null,
});

export function createWalletSignIn(deps: Deps) {
  const { db, clock, options, signatures } = deps;
  const repo = createWalletRepository();
  const site = siteOf(options.publicUrl);

  /**
   * The message's own checks, then its signature, then its nonce: consumed last, in one conditional
   * UPDATE, so a wrong signature does not burn it and a replay or a race is accepted once.
   */
  async function prove(proof: WalletProof, purpose: WalletNoncePurpose, userId: number | null) {
    const now = clock.now();
    const checked = checkMessage(proof.message, options, now);
    const valid = await signatures.verify({
      address: checked.address,
      message: proof.message,
      signature: proof.signature as `0x${string}`,
      chainId: checked.chainId,
    });
    if (!valid) throw walletErrors.signature();
    const outcome = await repo.consumeNonce(db, { nonce: checked.nonce, purpose, userId, now });
    if (outcome === 'expired') throw walletErrors.expired();
    if (outcome !== 'consumed') throw walletErrors.nonceUnknown();
    return checked;
  }

  return {
    /** A one-time nonce and the terms of the message; a `link` nonce belongs to the signed-in user. */
    async issueNonce(purpose: WalletNoncePurpose, user: AuthedUser | null, ip: string): Promise<WalletNonce> {
      if (purpose === 'link' && !user) throw walletErrors.unauthorized();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + options.nonceTtlMs);
      const nonce = generateSiweNonce();
      await repo.insertNonce(db, {
        nonce,
        purpose,
        userId: purpose === 'link' ? user!.id : null,
        ip,
        createdAt: now,
        expiresAt,
      });
      return {
        nonce,
        domain: site.domain,
        uri: site.uri,
        chainIds: [...options.chainIds],
        issuedAt: now.toISOString(),
        expirationTime: expiresAt.toISOString(),
      };
    },

    /**
     * `login/loginByDapp`: a known wallet signs into its account; an unknown one gets a new
     * password-less account (its session marked `created`). Either way the sign-in ends in
     * completeSignIn (session or challenge).
     */
    async signIn(proof: WalletProof, meta: ClientMeta & { lang: Language }): Promise<SignInOutcome> {
      const { address, chainId } = await prove(proof, 'signin', null);
      const now = clock.now();
      let wallet = await repo.byAddress(db, address);
      // Whether this sign-in made the account (not a racing one of the same wallet).
      let created = false;
      if (!wallet) {
        try {
          wallet = await db.transaction(async (tx) => {
            const user = await deps.external.create(tx, {
              usernameHint: `wallet${address.slice(2, 8)}`,
              language: meta.lang,
              fallbackName: 'wallet',
            });
            const row = await repo.insertWallet(tx, { userId: user.id, address, chainId, createdAt: now });
            if (!row) throw new LostRace();
            return row;
          });
          created = true;
        } catch (err) {
          if (!(err instanceof LostRace)) throw err;
          wallet = await repo.byAddress(db, address);
          if (!wallet) throw err;
        }
      }
      await repo.touch(db, wallet.id, now);
      const outcome = await deps.auth.completeSignIn(wallet.userId, meta);
      return created ? madeAccount(outcome) : outcome;
    },

    /** Links a wallet to the signed-in account with the same proof (a `link` nonce of theirs). */
    async link(proof: WalletProof, user: AuthedUser): Promise<LinkedWallet> {
      const { address, chainId } = await prove(proof, 'link', user.id);
      const row = await repo.insertWallet(db, { userId: user.id, address, chainId, createdAt: clock.now() });
      if (row) return toLinked(row);
      const owner = await repo.byAddress(db, address);
      throw owner?.userId === user.id ? walletErrors.alreadyLinked() : walletErrors.linkedElsewhere();
    },

    async list(user: AuthedUser): Promise<LinkedWallet[]> {
      return (await repo.ofUser(db, user.id)).map(toLinked);
    },

    /**
     * Unlinks one of the user's wallets, unless it is their only way in (no password, no other
     * wallet or identity). The account's ways in are locked first, with the Google identities' unlink's
     * lock: racing unlinks of one account's last two ways in (two wallets, or a wallet and a Google
     * identity) cannot both pass.
     */
    async unlink(user: AuthedUser, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { hasPassword } = await repo.lockAccount(tx, user.id);
        const ids = await repo.idsOfUser(tx, user.id);
        if (!ids.includes(id)) throw walletErrors.notFound();
        if (ids.length === 1 && !hasPassword) {
          const others = (await deps.otherIdentities?.(tx, user.id)) ?? 0;
          if (others === 0) throw walletErrors.onlyWayIn();
        }
        await repo.remove(tx, id);
      });
    },

    /** How many wallets sign in to the account (another sign-in's unlink counts them as ways in). */
    async countOf(exec: Executor, userId: number): Promise<number> {
      return (await repo.idsOfUser(exec, userId)).length;
    },

    /** Deletes nonces expired for an hour (the `wallet-signin.sweep` job). */
    async sweep(): Promise<number> {
      return repo.sweep(db, new Date(clock.now().getTime() - 60 * 60_000));
    },
  };
}

export type WalletSignIn = ReturnType<typeof createWalletSignIn>;

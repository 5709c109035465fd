import { randomBytes } from 'node:crypto';
import {
  type ApiKeyScope,
  type ApiKeyView,
  type CreateApiKeyInput,
  type CreatedApiKey,
  MAX_API_KEYS,
} from '@openbourse/contracts/apikeys.ts';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { AuthedUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/crypto.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { RelyingParty } from '../twofactor/twofactor.webauthn.ts';
import type { UsersService } from '../users/users.service.ts';
import { apiKeyErrors } from './apikeys.errors.ts';
import { ipAllowed, parseIpEntry } from './apikeys.ip.ts';
import { REPLAY_MEMORY_MS, sign, signatureMatches, timestampFresh } from './apikeys.signing.ts';
import { type ApiKeyRow, apiKeys } from './apikeys.tables.ts';

type Proof = CreateApiKeyInput['proof'];

export interface ApiKeysOptions {
  /** Signed requests one key may make (default 10 a second), counted in the shared rate_limits. */
  perKey: LimitRule;
  /** Wrong passwords on key creation per user (default 10 in 15 minutes). */
  passwordTries: LimitRule;
  /** Live keys per user. */
  maxKeys: number;
}

export const DEFAULT_API_KEYS_OPTIONS: ApiKeysOptions = {
  perKey: { windowMs: 1_000, max: 10 },
  passwordTries: { windowMs: 15 * 60_000, max: 10 },
  maxKeys: MAX_API_KEYS,
};

/** A signed request as the HTTP layer sees it. */
export interface SignedRequest {
  keyId: string;
  timestamp: string;
  signature: string;
  method: string;
  /** Path with query, exactly as sent. */
  url: string;
  body: Buffer;
  ip: string;
  /** The scope the route asks for; undefined: the route is not open to keys. */
  scope: ApiKeyScope | undefined;
}

export interface KeyAuthed extends AuthedUser {
  apiKey: { keyId: string; scopes: ApiKeyScope[] };
}

/** Writes last_used_at at most this often per key (it is shown to the minute). */
const LAST_USED_EVERY_MS = 60_000;

const view = (r: ApiKeyRow): ApiKeyView => ({
  keyId: r.keyId,
  label: r.label,
  scopes: r.scopes as ApiKeyScope[],
  ips: r.ipAllow,
  createdAt: r.createdAt.getTime(),
  expiresAt: r.expiresAt?.getTime() ?? null,
  lastUsedAt: r.lastUsedAt?.getTime() ?? null,
});

export function createApiKeys(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  users: UsersService;
  /** The secret box's 'apikeys' box (lib/secret-box.ts): secrets sealed with their key id as context. */
  box: SecretBox;
  /**
   * The two-factor module's step-up check: resolves when the user has no factor or `proof` is a right
   * one, throws its catalogue error otherwise. Absent: only the password is asked.
   */
  stepUp?: (userId: number, proof: Proof, rp: RelyingParty | null) => Promise<void>;
  options?: Partial<ApiKeysOptions>;
}) {
  const { db, clock, limiter, users } = deps;
  const options = { ...DEFAULT_API_KEYS_OPTIONS, ...deps.options };
  const live = (now: Date) => and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

  async function confirm(userId: number, password: string, proof: Proof, rp: RelyingParty | null) {
    // Counted before the hash, so a burst of guesses is cut off at the limit whatever their order.
    const tries = await limiter.hit(`apikey:pw:${userId}`, options.passwordTries);
    if (!tries.allowed) throw apiKeyErrors.tooManyTries();
    const user = await users.byId(db, userId);
    const right = user.passwordHash
      ? await verifyPassword(user.passwordHash, password)
      : await burnPasswordCheck(password);
    if (!right) throw apiKeyErrors.wrongPassword();
    if (deps.stepUp) await deps.stepUp(userId, proof, rp);
  }

  return {
    options,

    async list(userId: number): Promise<ApiKeyView[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), live(clock.now())))
        .orderBy(desc(apiKeys.id));
      return rows.map(view);
    },

    /** A new key; its secret is in this answer only. */
    async create(userId: number, input: CreateApiKeyInput, rp: RelyingParty | null = null): Promise<CreatedApiKey> {
      const ips: string[] = [];
      for (const entry of input.ips ?? []) {
        const canonical = parseIpEntry(entry);
        if (!canonical) throw apiKeyErrors.ipInvalid(entry.slice(0, 64));
        if (!ips.includes(canonical)) ips.push(canonical);
      }
      const now = clock.now();
      if (input.expiresAt != null && input.expiresAt <= now.getTime()) throw apiKeyErrors.expiry();
      await confirm(userId, input.password, input.proof, rp);

      const keyId = `obk_${randomBytes(12).toString('hex')}`;
      const secret = randomBytes(32).toString('base64url');
      const secretSealed = deps.box.seal(secret, keyId);
      const scopes = [...new Set(input.scopes)].sort();
      const row = await db.transaction(async (tx) => {
        // One creation per user at a time: the live keys are counted and the new one inserted with no
        // other creation between (a burst of 50 cannot pass the cap).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`apikeys:user:${userId}`}, 0))`);
        const [count] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from api_keys where user_id = ${userId} and revoked_at is null
              and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)`,
        );
        if (Number(count?.n ?? 0) >= options.maxKeys) throw apiKeyErrors.limit(options.maxKeys);
        const [inserted] = await tx
          .insert(apiKeys)
          .values({
            keyId,
            userId,
            label: input.label.trim(),
            scopes,
            ipAllow: ips,
            secretSealed,
            createdAt: now,
            expiresAt: input.expiresAt != null ? new Date(input.expiresAt) : null,
          })
          .returning();
        return inserted as ApiKeyRow;
      });
      return { key: view(row), secret };
    },

    /** Revokes one of the user's live keys at once: its next request answers 40131. */
    async revoke(userId: number, keyId: string): Promise<void> {
      const gone = await db
        .update(apiKeys)
        .set({ revokedAt: clock.now() })
        .where(and(eq(apiKeys.keyId, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (gone.length === 0) throw apiKeyErrors.notFound();
    },

    /**
     * Checks a signed request and answers whom it acts for. Order: the key, its state, the address,
     * the timestamp, the signature (constant time), the route's scope, the signature's single use (a request refused
     * before it does not burn it), and last the key's rate.
     */
    async authenticate(req: SignedRequest): Promise<KeyAuthed> {
      if (!/^obk_[0-9a-f]{24}$/.test(req.keyId)) throw apiKeyErrors.unknown();
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyId, req.keyId));
      if (!row) throw apiKeyErrors.unknown();
      const now = clock.now();
      if (row.revokedAt || (row.expiresAt && row.expiresAt <= now)) throw apiKeyErrors.inactive();
      if (!ipAllowed(row.ipAllow, req.ip)) throw apiKeyErrors.ipNotAllowed();
      if (!timestampFresh(req.timestamp, now.getTime())) throw apiKeyErrors.timestamp();
      const secret = deps.box.open(row.secretSealed, row.keyId);
      // A seal that does not open (the secrets key changed) is a key that cannot sign any more.
      if (secret === null) throw apiKeyErrors.inactive();
      const expected = sign(secret, req.timestamp, req.method, req.url, req.body);
      if (!signatureMatches(expected, req.signature)) throw apiKeyErrors.signature();
      const scopes = row.scopes as ApiKeyScope[];
      if (!req.scope || !scopes.includes(req.scope)) throw apiKeyErrors.scope();
      const identity = await users.identityForSession(row.userId);
      if (!identity || identity.status === 'disabled') throw apiKeyErrors.inactive();
      // First sight wins: the counter of this signature is 1 for exactly one request, in Redis or in
      // the rate_limits row (one atomic statement either way), across every process.
      const seen = await limiter.hit(`apikey:sig:${row.keyId}:${req.signature.toLowerCase()}`, {
        windowMs: REPLAY_MEMORY_MS,
        max: 1,
      });
      if (!seen.allowed) throw apiKeyErrors.replay();
      // Counted after the replay check: a flood of one captured request costs the key nothing.
      if (!(await limiter.hit(`apikey:rate:${row.keyId}`, options.perKey)).allowed) throw apiKeyErrors.rate();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
        await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
      }
      return {
        id: row.userId,
        username: identity.username,
        sessionId: 0,
        apiKey: { keyId: row.keyId, scopes },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeys>;

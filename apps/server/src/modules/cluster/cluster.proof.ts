/**
 * Requests one process sends another on a user's behalf (a spot command forwarded to the books'
 * owner): the sender has authenticated the user already (session token or API key, with its scope),
 * so it does not pass the client's credentials on but proves the request with the `x-ob-internal`
 * header: `<userId>.<mode>.<timestamp>.<hex HMAC-SHA256>`, keyed with the cluster's secret, over the
 * method, the path with query, the SHA-256 of the body bytes sent, the user, the account mode and
 * the timestamp. The receiver checks it (constant time, a short window, each proof once across every
 * process) and acts as that user in that mode. A client that sends the header itself gets 401.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountMode, AuthedUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../limits/limits.service.ts';
import { clusterSecret } from './cluster.tables.ts';
import { bufferBody } from '../../http/raw-body.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw body bytes of a request carrying a proof (what the proof covers). */
    internalBody?: Buffer;
  }
}

export const INTERNAL_HEADER = 'x-ob-internal';

/**
 * A proof is accepted up to MAX_AGE_MS after it was made and MAX_AHEAD_MS before (clocks of two
 * machines a little apart); it is remembered for REPLAY_MEMORY_MS, longer than that whole window.
 */
export const MAX_AGE_MS = 10_000;
export const MAX_AHEAD_MS = 2_000;
export const REPLAY_MEMORY_MS = 30_000;

/**
 * The cluster's secret: the one row kept in the database. The first process that needs it writes a
 * fresh one with ON CONFLICT DO NOTHING, then every process (that one included) reads the row back:
 * processes starting together agree on one secret, and there is nothing to configure.
 */
export async function loadClusterSecret(db: Db, clock: Clock): Promise<Buffer> {
  const [existing] = await db.select().from(clusterSecret).where(eq(clusterSecret.id, 1));
  if (existing) return Buffer.from(existing.secret, 'hex');
  await db
    .insert(clusterSecret)
    .values({ id: 1, secret: randomBytes(32).toString('hex'), createdAt: clock.now() })
    .onConflictDoNothing({ target: clusterSecret.id });
  const [row] = await db.select().from(clusterSecret).where(eq(clusterSecret.id, 1));
  if (!row) throw new Error('cluster: the internal secret could not be stored');
  return Buffer.from(row.secret, 'hex');
}

export interface ProvenRequest {
  method: string;
  /** The path with query, as sent. */
  url: string;
  /** The body bytes as sent. */
  body: Buffer | string;
  userId: number;
  mode: AccountMode;
}

/** hex HMAC-SHA256 over method, url, sha256(body), user, mode and timestamp, one per line. */
export function proofMac(secret: Buffer, r: ProvenRequest, timestamp: string): string {
  const bodyHash = createHash('sha256').update(r.body).digest('hex');
  return createHmac('sha256', secret)
    .update([r.method.toUpperCase(), r.url, bodyHash, String(r.userId), r.mode, timestamp].join('\n'))
    .digest('hex');
}

const PROOF = /^([1-9]\d{0,15})\.(real|demo)\.(\d{1,15})\.([0-9a-f]{64})$/;

export function createInternalProof(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  users: { identityForSession(id: number): Promise<{ username: string; status: string } | undefined> };
}) {
  const { db, clock, limiter, users } = deps;
  let secret: Promise<Buffer> | null = null;
  const key = () => {
    secret ??= loadClusterSecret(db, clock).catch((err) => {
      secret = null;
      throw err;
    });
    return secret;
  };
  const refused = () => new AppError(ErrorCode.Unauthorized);

  return {
    /** The `x-ob-internal` header value that proves this request for this user and mode. */
    async sign(r: ProvenRequest): Promise<string> {
      const timestamp = String(clock.now().getTime());
      return `${r.userId}.${r.mode}.${timestamp}.${proofMac(await key(), r, timestamp)}`;
    },

    /**
     * Checks a proof and answers whom it acts for, in which mode; throws 401 (catalogue 401) when the
     * header is malformed, stale or ahead, does not match the request, was seen before, or names a user
     * who is missing or disabled.
     */
    async verify(
      header: string,
      r: Omit<ProvenRequest, 'userId' | 'mode'>,
    ): Promise<{ user: AuthedUser; mode: AccountMode }> {
      const m = PROOF.exec(header);
      if (!m) throw refused();
      const [, id, mode, timestamp, mac] = m as unknown as [string, string, AccountMode, string, string];
      const now = clock.now().getTime();
      const ts = Number(timestamp);
      if (ts < now - MAX_AGE_MS || ts > now + MAX_AHEAD_MS) throw refused();
      const userId = Number(id);
      const expected = Buffer.from(proofMac(await key(), { ...r, userId, mode }, timestamp), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(mac, 'hex'))) throw refused();
      // First sight wins, across every process (Redis or the rate_limits row, one atomic statement).
      const seen = await limiter.hit(`cluster:proof:${mac}`, { windowMs: REPLAY_MEMORY_MS, max: 1 });
      if (!seen.allowed) throw refused();
      const identity = await users.identityForSession(userId);
      if (!identity || identity.status === 'disabled') throw refused();
      return { user: { id: userId, username: identity.username, sessionId: 0 }, mode };
    },
  };
}

export type InternalProof = ReturnType<typeof createInternalProof>;

/**
 * Reads the raw body of a request carrying a proof before it is parsed (the proof covers the bytes);
 * every other request's stream goes to the parser untouched. Call before the routes are registered.
 */
export function registerInternalProofHooks(app: FastifyInstance, opts: { bodyLimit: number }) {
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.headers[INTERNAL_HEADER] === undefined) return payload;
    const { body, replay } = await bufferBody(payload, opts.bodyLimit);
    req.internalBody = body;
    return replay;
  });
}

/**
 * The proof path of the auth hook: a request carrying `x-ob-internal` (on any route) is checked, and
 * acts for the proven user in the proven mode. Answers false when the header is absent; throws the
 * catalogue's 401 when it does not prove the request.
 */
export async function authenticateInternal(proof: InternalProof, req: FastifyRequest): Promise<boolean> {
  const header = req.headers[INTERNAL_HEADER];
  if (header === undefined) return false;
  if (typeof header !== 'string') throw new AppError(ErrorCode.Unauthorized);
  const proven = await proof.verify(header, {
    method: req.method,
    url: req.url,
    body: req.internalBody ?? Buffer.alloc(0),
  });
  req.user = proven.user;
  req.accountMode = proven.mode;
  return true;
}

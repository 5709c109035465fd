/**
 * Admin sign-in: password (argon2id), then TOTP when the account has it, sessions that expire and
 * can be revoked, attempts limited per address and client. An account that must use TOTP but has
 * not enrolled gets a session good only for enrolling (`scope: 'enrol'`). Every sign-in, failure,
 * enrolment and sign-out is audited in the transaction that records it. TOTP secrets are kept sealed
 * (the secret box's 'admin-twofactor' purpose, the account's id as context); those an older version
 * kept in plain text still work and are sealed at start (sealPlainSecrets).
 */
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { burnPasswordCheck, newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import { adminErrors } from './admin.errors.ts';
import { type AdminRow, type AdminSessionRow, adminRepository as repo } from './admin.repository.ts';
import { type AdminRole, totpRequiredFor } from './admin.roles.ts';

export const TOTP_ISSUER = 'OpenBourse';
const TOTP_PERIOD_S = 30;

export interface AdminSignInLimits {
  /** Tries per address and client. */
  perAccountClient: LimitRule;
  /** Tries per client, whatever the address. */
  perClient: LimitRule;
}

export const DEFAULT_ADMIN_LIMITS: AdminSignInLimits = {
  perAccountClient: { windowMs: 15 * 60_000, max: 5 },
  perClient: { windowMs: 15 * 60_000, max: 20 },
};

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** Who is acting, as the routes and the audit log see them. */
export interface AdminActor {
  admin: AdminRow;
  session: AdminSessionRow;
  meta: RequestMeta;
}

export const adminView = (a: AdminRow) => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role as AdminRole,
  status: a.status as 'active' | 'disabled',
  totpRequired: totpRequiredFor(a.role as AdminRole, a.totpRequired),
  totpEnabled: a.totpEnabledAt !== null,
  createdAt: a.createdAt.toISOString(),
});

export type AdminView = ReturnType<typeof adminView>;

const totpOf = (email: string, secret: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

export function createAdminAuth(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  sessionTtlMs: number;
  limits?: AdminSignInLimits;
  /** The secret box's 'admin-twofactor' box (lib/secret-box.ts): it also opens plain values kept before it. */
  box: SecretBox;
}) {
  const { db, clock, limiter, box } = deps;
  const limits = deps.limits ?? DEFAULT_ADMIN_LIMITS;

  /** An account's TOTP secret as stored (sealed, or plain from an older version), opened; null without one. */
  const secretOf = (admin: Pick<AdminRow, 'id' | 'totpSecret'>) =>
    admin.totpSecret ? box.open(admin.totpSecret, String(admin.id)) : null;

  /** The step a code belongs to (±1 step of clock drift), or null when it is wrong. */
  function totpStep(admin: AdminRow, code: string): number | null {
    const secret = secretOf(admin);
    if (!secret || !/^\d{6}$/.test(code)) return null;
    const now = clock.now().getTime();
    const delta = totpOf(admin.email, secret).validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
  }

  async function audit(exec: Executor, a: AdminRow | null, action: string, meta: RequestMeta, extra: object = {}) {
    await repo.audit(exec, {
      adminId: a?.id ?? null,
      role: a?.role ?? null,
      action,
      targetType: 'admin',
      targetId: a ? String(a.id) : null,
      ip: meta.ip,
      userAgent: meta.userAgent,
      at: clock.now(),
      ...extra,
    });
  }

  async function countTry(email: string, ip: string) {
    for (const [key, rule] of [
      [`admin:signin:${email}:${ip}`, limits.perAccountClient],
      [`admin:signin-client:${ip}`, limits.perClient],
    ] as const) {
      const hit = await limiter.hit(key, rule);
      if (!hit.allowed) throw adminErrors.tooManyAttempts(Math.max(1, Math.ceil(hit.retryAfterMs / 60_000)));
    }
  }

  return {
    /**
     * Email + password (+ TOTP when enrolled). Every try is counted before it is checked; the answer
     * for an unknown address and a wrong password is the same, after the same work.
     */
    async signIn(input: { email: string; password: string; totp?: string | undefined }, meta: RequestMeta) {
      const email = input.email.trim().toLowerCase();
      await countTry(email, meta.ip);
      const admin = await repo.byEmail(db, email);
      const good = admin
        ? await verifyPassword(admin.passwordHash, input.password)
        : await burnPasswordCheck(input.password);
      if (!admin || !good || admin.status !== 'active') {
        await audit(db, null, 'auth.signIn.failed', meta, { targetType: 'email', targetId: email });
        throw adminErrors.signInFailed();
      }
      let scope: 'full' | 'enrol' = 'full';
      if (admin.totpEnabledAt) {
        if (!input.totp) throw adminErrors.totpRequired();
        const step = totpStep(admin, input.totp);
        if (step === null || !(await repo.takeTotpStep(db, admin.id, step))) {
          await audit(db, admin, 'auth.totp.failed', meta);
          throw adminErrors.totpWrong();
        }
      } else if (totpRequiredFor(admin.role as AdminRole, admin.totpRequired)) {
        scope = 'enrol';
      }
      const token = `adm_${newToken()}`;
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + deps.sessionTtlMs);
      await db.transaction(async (tx) => {
        await repo.insertSession(tx, {
          adminId: admin.id,
          tokenHash: sha256(token),
          scope,
          createdAt: now,
          expiresAt,
          ip: meta.ip,
          userAgent: meta.userAgent,
        });
        await audit(tx, admin, 'auth.signIn', meta, { after: { scope } });
      });
      await limiter.reset(`admin:signin:${email}:${meta.ip}`);
      return { token, scope, expiresAt: expiresAt.toISOString(), admin: adminView(admin) };
    },

    /** The live session of a token with its admin (active accounts only), or null. */
    async authenticate(token: string): Promise<{ admin: AdminRow; session: AdminSessionRow } | null> {
      if (!token.startsWith('adm_') || token.length > 200) return null;
      const row = await repo.liveSession(db, sha256(token), clock.now());
      if (row?.admin.status !== 'active') return null;
      return row;
    },

    async signOut(actor: AdminActor) {
      await db.transaction(async (tx) => {
        await repo.revokeSession(tx, actor.session.id, clock.now());
        await audit(tx, actor.admin, 'auth.signOut', actor.meta);
      });
    },

    /**
     * Starts (or restarts, until confirmed) enrolment: a fresh secret, its otpauth:// URI and a QR
     * code of it. An enrolled account must have its TOTP reset by an owner first.
     */
    async enrolStart(actor: AdminActor) {
      if (actor.admin.totpEnabledAt) throw adminErrors.totpState();
      const secret = new Secret({ size: 20 }).base32;
      await db.transaction(async (tx) => {
        await repo.update(tx, actor.admin.id, {
          totpSecret: box.seal(secret, String(actor.admin.id)),
          updatedAt: clock.now(),
        });
        await audit(tx, actor.admin, 'auth.totp.enrolStarted', actor.meta);
      });
      const uri = totpOf(actor.admin.email, secret).toString();
      return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
    },

    /** Confirms enrolment with a code from the app; the session becomes a full one. */
    async enrolConfirm(actor: AdminActor, code: string) {
      const fresh = await repo.byId(db, actor.admin.id);
      if (!fresh || fresh.totpEnabledAt || !fresh.totpSecret) throw adminErrors.totpState();
      const step = totpStep(fresh, code);
      if (step === null || !(await repo.takeTotpStep(db, fresh.id, step))) {
        await audit(db, fresh, 'auth.totp.failed', actor.meta);
        throw adminErrors.totpWrong();
      }
      const updated = await db.transaction(async (tx) => {
        const row = await repo.update(tx, fresh.id, { totpEnabledAt: clock.now(), updatedAt: clock.now() });
        await repo.setSessionScope(tx, actor.session.id, 'full');
        await audit(tx, row, 'auth.totp.enrolled', actor.meta);
        return row;
      });
      return adminView(updated);
    },

    /** For tests and the CLI: the current code of a secret. */
    codeFor(email: string, secret: string, at = clock.now()) {
      return totpOf(email, secret).generate({ timestamp: at.getTime() });
    },

    /** For tests: the current code of an account's stored secret (enrolled or being enrolled), or null. */
    async storedCodeFor(email: string, at = clock.now()): Promise<string | null> {
      const admin = await repo.byEmail(db, email.trim().toLowerCase());
      const secret = admin ? secretOf(admin) : null;
      return admin && secret ? totpOf(admin.email, secret).generate({ timestamp: at.getTime() }) : null;
    },

    /**
     * At start: seals every TOTP secret an older version kept in plain text, one conditional update per
     * account (only while the value is still that plain one), so processes starting together each seal
     * it at most once and never over another's. Answers how many this process sealed.
     */
    async sealPlainSecrets(): Promise<number> {
      let sealed = 0;
      for (const row of await repo.unsealedTotpSecrets(db)) {
        const plain = secretOf(row);
        if (plain === null || plain !== row.totpSecret) continue;
        if (await repo.replaceTotpSecret(db, row.id, plain, box.seal(plain, String(row.id)))) sealed += 1;
      }
      return sealed;
    },
  };
}

export type AdminAuth = ReturnType<typeof createAdminAuth>;

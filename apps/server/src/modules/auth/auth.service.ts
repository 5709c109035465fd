import type {
  CodePurpose,
  LoginResult,
  SignInOutcome,
  TwoFactorChallenge,
  LoginRequest,
  RegisterRequest,
  SendCodeRequest,
} from '@openbourse/contracts/auth.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import { errorMessage } from '@openbourse/locales/server.ts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthedUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { burnPasswordCheck, hashPassword, inviteCode, verifyPassword } from '../../lib/crypto.ts';
import type { ParamsService } from '../params/params.service.ts';
import { maskEmail, maskPhone } from '../users/phone.ts';
import { toUserInfo, type UserRow, type UsersService } from '../users/users.service.ts';
import { createPasswordFlows } from './auth.passwords.ts';
import { type ClientMeta, createSessionStore, type SessionEvents } from './auth.session-store.ts';
import { createSecurityNotices, phoneTarget } from './auth.shared.ts';
import { sessions, signInFailures } from './auth.tables.ts';
import { CODE_TTL_MS, type CodesService } from './codes.service.ts';
import type { LoginGuard } from './login-guard.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { describeDevice } from '../notifications/notifications.texts.ts';

type SendCode = z.output<typeof SendCodeRequest>;
type Register = z.output<typeof import('@openbourse/contracts/auth.ts').RegisterRequest>;
type Login = z.output<typeof LoginRequest>;

interface Deps {
  db: Db;
  clock: Clock;
  users: UsersService;
  codes: CodesService;
  params: ParamsService;
  sessionTtlMs: number;
  limiter: RateLimiter;
  guard: LoginGuard;
  /** Codes sent to one address, whoever asks (mail bombing, SMS toll fraud). */
  codesPerAddress: LimitRule;
  /**
   * Security notices (new sign-in, password and withdrawal-password changes), stored in the
   * transaction of their cause; `published` after it commits. None by default.
   */
  notifications?: { notify: Notify; published(): void };
  /**
   * Revocations reach every process: written in the revoking transaction, heard from the bus
   * (auth.session-cache.ts). Without it, only this process forgets.
   */
  events?: SessionEvents;
  /**
   * The second factor (TOTP, passkeys): asked once the first factor is proved; answers a challenge
   * when the account has one enrolled, null when it has none. None by default.
   */
  secondFactor?: { challenge(userId: number, meta: ClientMeta): Promise<TwoFactorChallenge | null> };
}

// Sessions, their events and the last-seen period live in auth.session-store.ts; kept here for callers.
export { type ClientMeta, LAST_SEEN_EVERY_MS, type SessionEvents } from './auth.session-store.ts';

/** Unique-index violations map to the catalogue's "already exists" codes (the race loser's answer). */
function mapUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgCode = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (pgCode === '23505') {
    if (constraint.includes('username')) throw new AppError(ErrorCode.UsernameExists);
    if (constraint.includes('email')) throw new AppError(ErrorCode.EmailExists);
    if (constraint.includes('phone')) throw new AppError(ErrorCode.PhoneExists);
  }
  throw err;
}

export function createAuthService(deps: Deps) {
  const { db, clock, users: usersService, codes, params, limiter, guard } = deps;
  const store = createSessionStore(deps);
  const notices = createSecurityNotices(deps.notifications);
  const passwords = createPasswordFlows({ ...deps, store, notices });

  async function codeTexts(purpose: CodePurpose, lang: Language) {
    const site = (await params.get('site_name')) ?? 'OpenBourse';
    return {
      subject: errorMessage(lang, `mail.subject.${purpose}`, { site }),
      body: (code: string) => errorMessage(lang, 'mail.body', { code, site, minutes: CODE_TTL_MS / 60_000 }),
    };
  }

  async function uniqueUsername(exec: Executor, username: string) {
    if (await usersService.findByUsername(exec, username)) throw new AppError(ErrorCode.UsernameExists);
  }

  return {
    /** Resolves a token to its user, or null when unknown, expired, revoked or the user is disabled. */
    authenticate: store.authenticate,

    async checkExists(q: { username?: string; email?: string; areaCode?: string; phone?: string }) {
      if (q.username) return { exists: Boolean(await usersService.findByUsername(db, q.username)) };
      if (q.email) return { exists: Boolean(await usersService.findByEmail(db, q.email)) };
      if (q.phone) {
        const area = (q.areaCode ?? '').replace(/^\+/, '');
        return { exists: Boolean(await usersService.findByPhone(db, area, q.phone.replace(/[\s-]/g, ''))) };
      }
      return { exists: false };
    },

    /**
     * Sends a code. The answer is the same whether or not the address has an account: a register
     * code goes to an address that already has one too (registering with it then answers 10007,
     * to its owner only), and a reset code for an address without one is recorded, not sent.
     */
    async sendCode(req: SendCode, lang: Language, user: AuthedUser | null) {
      let target: { channel: 'email' | 'sms'; address: string };
      let sentTo: string;
      let hasAccount = true;
      if (req.channel === 'account' || req.purpose === 'withdrawPassword') {
        // A withdrawal-password code always goes to the logged-in user's own address.
        if (!user) throw new AppError(ErrorCode.Unauthorized);
        const u = await usersService.byId(db, user.id);
        if (u.email) {
          target = { channel: 'email', address: u.email };
          sentTo = maskEmail(u.email);
        } else if (u.areaCode && u.phone) {
          target = { channel: 'sms', address: `+${u.areaCode}${u.phone}` };
          sentTo = maskPhone(u.areaCode, u.phone);
        } else {
          throw new AppError(ErrorCode.UserStatusWrong);
        }
      } else if (req.channel === 'email') {
        target = { channel: 'email', address: req.email };
        sentTo = maskEmail(req.email);
        hasAccount = Boolean(await usersService.findByEmail(db, req.email));
      } else {
        target = { channel: 'sms', address: phoneTarget(req.areaCode, req.phone) };
        sentTo = maskPhone(req.areaCode, req.phone);
        hasAccount = Boolean(await usersService.findByPhone(db, req.areaCode, req.phone));
      }
      const perAddress = await limiter.hit(`code-to:${target.address}`, deps.codesPerAddress);
      if (!perAddress.allowed) throw new AppError(ErrorCode.TooManyRequests);
      const deliver = req.purpose !== 'reset' || hasAccount;
      const sent = await codes.send(req.purpose, target, await codeTexts(req.purpose, lang), { deliver });
      return { ...sent, sentTo };
    },

    async register(req: Register, meta: ClientMeta & { lang: Language }) {
      const target = req.method === 'email' ? req.email : phoneTarget(req.areaCode, req.phone);
      // The code first: only whoever holds the address learns that a name or the address is taken.
      const codeId = await codes.check('register', target, req.code);
      await uniqueUsername(db, req.username);
      if (req.method === 'email' && (await usersService.findByEmail(db, req.email))) {
        throw new AppError(ErrorCode.EmailExists);
      }
      if (req.method === 'phone' && (await usersService.findByPhone(db, req.areaCode, req.phone))) {
        throw new AppError(ErrorCode.PhoneExists);
      }
      let invitedBy: number | null = null;
      if (req.inviteCode) {
        const inviter = await usersService.findByInviteCode(db, req.inviteCode);
        if (!inviter) throw new AppError(ErrorCode.InvalidField, { field: 'inviteCode' });
        invitedBy = Number(inviter.id);
      }
      const passwordHash = await hashPassword(req.password);
      try {
        return await db.transaction(async (tx) => {
          await codes.consume(tx, codeId);
          const user = await usersService.create(tx, {
            username: req.username,
            email: req.method === 'email' ? req.email : null,
            areaCode: req.method === 'phone' ? req.areaCode : null,
            phone: req.method === 'phone' ? req.phone : null,
            passwordHash,
            inviteCode: inviteCode(),
            invitedBy,
            language: meta.lang,
            createdAt: clock.now(),
            lastLoginAt: clock.now(),
          });
          return store.issue(tx, user as UserRow, meta);
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        return mapUniqueViolation(err);
      }
    },

    /**
     * Unknown name and wrong password answer the same (40014) after the same work (one password
     * hash, the same queries); a disabled account is told only to whoever knows its password.
     */
    async login(req: Login, meta: ClientMeta) {
      const byEmail = req.username.includes('@');
      const user = byEmail
        ? await usersService.findByEmail(db, req.username)
        : await usersService.findByUsername(db, req.username);
      const admitted = await guard.admit({ userId: user ? Number(user.id) : null, name: req.username }, meta.ip);
      // An account without a password (made by Google or wallet sign-in) answers as a wrong one.
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, req.password)
        : await burnPasswordCheck(req.password);
      if (!user || !valid) {
        // For the owner's sign-in history; an unknown name is recorded too (no user), the same work.
        await db.insert(signInFailures).values({
          userId: user ? Number(user.id) : null,
          at: clock.now(),
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
        });
        throw new AppError(ErrorCode.LoginFailed);
      }
      await guard.forget(admitted);
      return this.completeSignIn(Number(user.id), meta);
    },

    /**
     * Every sign-in (password, Google, wallet) ends here once its first factor is proved: a disabled
     * account stops, an account with a second factor gets a challenge instead of a session.
     */
    async completeSignIn(userId: number, meta: ClientMeta): Promise<SignInOutcome> {
      const user = await usersService.findById(db, userId);
      if (!user || user.status === 'disabled') throw new AppError(ErrorCode.UserStatusWrong);
      const challenge = await deps.secondFactor?.challenge(userId, meta);
      if (challenge) return challenge;
      return this.startSession(userId, meta);
    },

    /** Opens the session of a user whose every factor is proved; tells them of the new sign-in. */
    async startSession(userId: number, meta: ClientMeta): Promise<LoginResult> {
      const session = await db.transaction(async (tx) => {
        const fresh = await usersService.recordLogin(tx, userId, clock.now());
        await notices.notice(tx, userId, 'newSignIn', { ip: meta.ip, device: describeDevice(meta.userAgent) });
        return store.issue(tx, fresh as UserRow, meta);
      });
      notices.sent();
      return session;
    },

    async logout(user: AuthedUser) {
      await db.transaction(async (tx) => {
        await tx.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, user.sessionId));
        await store.revoking(tx, user.id);
      });
      store.revoked(user.id);
    },

    /**
     * After a transaction that revoked sessions of the user committed (the account centre's
     * sign-outs): this process forgets them at once, the others through the bus.
     */
    forgetSessions(userId: number) {
      store.revoked(userId);
    },

    async userInfo(user: AuthedUser) {
      return toUserInfo(await usersService.byId(db, user.id));
    },

    repassword: passwords.repassword,
    repasswordTx: passwords.repasswordTx,

    /** The seeded demo login of a fresh install (SEED_DEMO_USER). */
    async ensureUser(exec: Executor, input: { username: string; email: string; password: string }) {
      const existing = await usersService.findByUsername(exec, input.username);
      if (existing) return existing;
      const user = await usersService.create(
        exec,
        {
          username: input.username,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          inviteCode: inviteCode(),
          createdAt: clock.now(),
        },
        { ifAbsent: true },
      );
      return user ?? (await usersService.findByUsername(exec, input.username));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
export type { RegisterRequest };

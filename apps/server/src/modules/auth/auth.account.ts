/**
 * The account centre's own part of auth: the user's live sessions and devices with sign-out of
 * each (or of all the others), the sign-in history, and binding or changing the email address or
 * phone number with a code to the current address (proves ownership) and one to the new address
 * (proves reach); the address replaced is told of the change, the new one masked, in the outbox in
 * the change's transaction.
 */
import type { ChangeContactRequest, ContactCodeRequest } from '@openbourse/contracts/account.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { LANGUAGES, type Language } from '@openbourse/contracts/languages.ts';
import { errorMessage } from '@openbourse/locales/server.ts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthedUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { Mailer, OutgoingMessage } from '../mail/mailer.ts';
import { describeDevice } from '../notifications/notifications.texts.ts';
import type { ParamsService } from '../params/params.service.ts';
import { isValidPhone, maskEmail, maskPhone } from '../users/phone.ts';
import type { UserRow, UsersService } from '../users/users.service.ts';
import { revokedEvent, SESSIONS_TOPIC } from './auth.session-cache.ts';
import type { SessionEvents } from './auth.service.ts';
import { sessions } from './auth.tables.ts';
import { CODE_TTL_MS, type CodesService } from './codes.service.ts';

type ContactCode = z.output<typeof ContactCodeRequest>;
type ChangeContact = z.output<typeof ChangeContactRequest>;

/** The code purposes of a contact change (verification_codes.purpose). */
export const CHANGE_OLD = 'changeOld';
export const CHANGE_NEW = 'changeNew';

interface Deps {
  db: Db;
  clock: Clock;
  users: UsersService;
  codes: CodesService;
  params: ParamsService;
  limiter: RateLimiter;
  /** Codes sent to one address, whoever asks (the auth service's rule). */
  codesPerAddress: LimitRule;
  /** After a revoking transaction committed: every process forgets the user's sessions. */
  forgetSessions(userId: number): void;
  events?: Pick<SessionEvents, 'write'>;
  /** The outbox: the address replaced by a contact change is told of it (none: not told). */
  mailer?: Pick<Mailer, 'enqueue' | 'sent'>;
}

/** The user's language, as stored (an unknown one reads English). */
const languageOf = (l: string): Language => ((LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en');

const currentAddress = (u: UserRow, kind: 'email' | 'phone') =>
  kind === 'email' ? u.email : u.areaCode && u.phone ? `+${u.areaCode}${u.phone}` : null;

export function createAccountService(deps: Deps) {
  const { db, clock, users, codes, params, limiter } = deps;

  async function texts(purpose: string, lang: Language) {
    const site = (await params.get('site_name')) ?? 'OpenBourse';
    return {
      subject: errorMessage(lang, `mail.subject.${purpose}`, { site }),
      body: (code: string) => errorMessage(lang, 'mail.body', { code, site, minutes: CODE_TTL_MS / 60_000 }),
    };
  }

  function phoneAddress(areaCode: string, phone: string) {
    if (!isValidPhone(areaCode, phone)) throw new AppError(ErrorCode.PhoneWrong, { field: 'phone' });
    return `+${areaCode}${phone}`;
  }

  async function revokeWhere(userId: number, which: ReturnType<typeof and>) {
    const rows = await db.transaction(async (tx) => {
      const done = await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(which)
        .returning({ id: sessions.id });
      if (done.length > 0) await deps.events?.write(tx, SESSIONS_TOPIC, revokedEvent(userId));
      return done;
    });
    if (rows.length > 0) deps.forgetSessions(userId);
    return rows.length;
  }

  /**
   * The notice to the address being replaced: the account's address of its kind is now the new one
   * (masked), in the user's language. Written before the change's transaction (params are read
   * outside it), enqueued inside it.
   */
  async function noticeToOld(u: UserRow, req: ChangeContact, old: string): Promise<OutgoingMessage> {
    const lang = languageOf(u.language);
    const site = (await params.get('site_name')) ?? 'OpenBourse';
    const kind = req.kind === 'email' ? 'emailChanged' : 'phoneChanged';
    const address = req.kind === 'email' ? maskEmail(req.email) : maskPhone(req.areaCode, req.phone);
    return {
      channel: req.kind === 'email' ? 'email' : 'sms',
      recipient: old,
      subject: errorMessage(lang, `mail.subject.${kind}`, { site }),
      body: errorMessage(lang, `mail.body.${kind}`, { site, address }),
    };
  }

  const live = (userId: number) =>
    and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now()));

  return {
    /** The user's live sessions, newest first, the current one marked. */
    async sessions(user: AuthedUser) {
      const rows = await db.select().from(sessions).where(live(user.id)).orderBy(desc(sessions.id)).limit(100);
      return rows.map((r) => ({
        id: Number(r.id),
        device: describeDevice(r.userAgent ?? undefined),
        ip: r.ip,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: (r.lastSeenAt ?? r.createdAt).toISOString(),
        current: Number(r.id) === user.sessionId,
      }));
    },

    /** Signs out one of the user's live sessions (40091 when it is not one). */
    async revoke(user: AuthedUser, id: number) {
      const n = await revokeWhere(user.id, and(live(user.id), eq(sessions.id, id)));
      if (n === 0) throw new AppError(ErrorCode.SessionNotFound);
    },

    /** Signs out every live session of the user but this one; answers how many. */
    async revokeOthers(user: AuthedUser) {
      return { revoked: await revokeWhere(user.id, and(live(user.id), ne(sessions.id, user.sessionId))) };
    },

    /** Sign-ins, newest first: each session's start (success) and each wrong password (failure). */
    async history(user: AuthedUser, page: number, size: number) {
      const [counts] = await queryRows<{ ok: string | number; failed: string | number }>(
        db,
        sql`select (select count(*) from sessions where user_id = ${user.id}) as ok,
                   (select count(*) from sign_in_failures where user_id = ${user.id}) as failed`,
      );
      const rows = await queryRows<{
        id: string | number;
        at: Date | string;
        ip: string | null;
        user_agent: string | null;
        success: boolean;
      }>(
        db,
        sql`select * from (
              select id, created_at as at, ip, user_agent, true as success from sessions where user_id = ${user.id}
              union all
              select id, at, ip, user_agent, false as success from sign_in_failures where user_id = ${user.id}
            ) h order by at desc, success desc, id desc limit ${size} offset ${(page - 1) * size}`,
      );
      return {
        list: rows.map((r) => ({
          // Failures' ids are negative so the two kinds never share one.
          id: r.success ? Number(r.id) : -Number(r.id),
          at: new Date(r.at).toISOString(),
          ip: r.ip,
          device: describeDevice(r.user_agent ?? undefined),
          success: Boolean(r.success),
        })),
        total: Number(counts?.ok ?? 0) + Number(counts?.failed ?? 0),
        page,
        size,
      };
    },

    /**
     * A code for a contact change: to the current address of the kind (`old`) or to the new one
     * (`new`). One a minute per address and purpose (10089), five an hour per address (42900).
     */
    async sendCode(user: AuthedUser, req: ContactCode, lang: Language) {
      const u = await users.byId(db, user.id);
      let target: { channel: 'email' | 'sms'; address: string };
      let sentTo: string;
      if (req.step === 'old') {
        const address = currentAddress(u, req.kind);
        // Nothing to prove ownership of: binding a first address needs the new code only.
        if (!address) throw new AppError(ErrorCode.InvalidField, { field: 'kind' });
        target = { channel: req.kind === 'email' ? 'email' : 'sms', address };
        sentTo = req.kind === 'email' ? maskEmail(address) : maskPhone(u.areaCode as string, u.phone as string);
      } else if (req.kind === 'email') {
        if (!req.email) throw new AppError(ErrorCode.EmailRequired, { field: 'email' });
        if (req.email === u.email) throw new AppError(ErrorCode.ContactUnchanged);
        target = { channel: 'email', address: req.email };
        sentTo = maskEmail(req.email);
      } else {
        if (!req.areaCode || !req.phone) throw new AppError(ErrorCode.PhoneRequired, { field: 'phone' });
        const address = phoneAddress(req.areaCode, req.phone);
        if (address === currentAddress(u, 'phone')) throw new AppError(ErrorCode.ContactUnchanged);
        target = { channel: 'sms', address };
        sentTo = maskPhone(req.areaCode, req.phone);
      }
      const perAddress = await limiter.hit(`code-to:${target.address}`, deps.codesPerAddress);
      if (!perAddress.allowed) throw new AppError(ErrorCode.TooManyRequests);
      const purpose = req.step === 'old' ? CHANGE_OLD : CHANGE_NEW;
      const sent = await codes.send(purpose, target, await texts(purpose, lang));
      return { ...sent, sentTo };
    },

    /**
     * Binds or changes the email address or phone number: the code sent to the current address
     * (when there is one) and the code sent to the new one, both consumed in the transaction that
     * writes it. Taken by another account: 10007 / 40003 (told only after both codes proved right).
     */
    async change(user: AuthedUser, req: ChangeContact) {
      const u = await users.byId(db, user.id);
      const next = req.kind === 'email' ? req.email : phoneAddress(req.areaCode, req.phone);
      const old = currentAddress(u, req.kind);
      if (next === old) throw new AppError(ErrorCode.ContactUnchanged);
      let oldId: number | null = null;
      if (old) {
        if (!req.oldCode) throw new AppError(ErrorCode.CodeRequired, { field: 'oldCode' });
        oldId = await codes.check(CHANGE_OLD, old, req.oldCode);
      }
      const newId = await codes.check(CHANGE_NEW, next, req.newCode);
      const taken =
        req.kind === 'email'
          ? await users.findByEmail(db, req.email)
          : await users.findByPhone(db, req.areaCode, req.phone);
      if (taken) throw new AppError(req.kind === 'email' ? ErrorCode.EmailExists : ErrorCode.PhoneExists);
      // Binding a first address replaces none: nobody to tell.
      const notice = old && deps.mailer ? await noticeToOld(u, req, old) : null;
      try {
        await db.transaction(async (tx: Executor) => {
          if (oldId !== null) await codes.consume(tx, oldId);
          await codes.consume(tx, newId);
          await users.setContact(
            tx,
            user.id,
            req.kind === 'email' ? { email: req.email } : { areaCode: req.areaCode, phone: req.phone },
          );
          // The old address is told in the change's transaction: if and only if the change is made.
          if (notice) await deps.mailer?.enqueue(tx, notice);
        });
        if (notice) deps.mailer?.sent();
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        if ((e.code ?? e.cause?.code) === '23505') {
          throw new AppError(req.kind === 'email' ? ErrorCode.EmailExists : ErrorCode.PhoneExists);
        }
        throw err;
      }
    },

    async setLanguage(user: AuthedUser, language: Language) {
      await users.setLanguage(db, user.id, language);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * Identity verification (spec §1, §3 KYC application, §4 KYC states, §7 user/identification): a
 * user submits who they are with three photos (front, back, in hand; the back optional for a
 * passport), a reviewer verifies or fails it with a reason, and a failed user may submit again.
 * The user's state is mirrored on `users.kyc_status` (through the users service) in the same
 * transaction as each change, so whatever reads the user (user/info, loans) sees the state the
 * applications say. One waiting application per user, by the service and by the database.
 */
import { ageOn, KYC_MIN_AGE_YEARS, type KycSubmitRequest, type KycView } from '@openbourse/contracts/kyc.ts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Viewer } from '../files/files.policy.ts';
import type { FileInfo } from '../files/files.service.ts';
import type { RateLimiter } from '../limits/limits.service.ts';
import type { ParamsService } from '../params/params.service.ts';
import type { KycStatus, UsersService } from '../users/users.service.ts';
import { kycErrors } from './kyc.errors.ts';
import {
  type KycApplicationRow,
  type KycApplicationStatus,
  kycRepository as repo,
  ONE_PENDING_INDEX,
} from './kyc.repository.ts';

type SubmitInput = z.output<typeof KycSubmitRequest>;

/** Submissions per user per hour (each one reads three files and writes a row). */
export const SUBMIT_RULE = { windowMs: 60 * 60_000, max: 20 };
/** The review time promised when the parameter is missing or unreadable (spec §9: 48 hours). */
export const DEFAULT_REVIEW_HOURS = 48;
/** Nobody alive was born before this: an earlier birth date is a typing error (40001). */
const EARLIEST_BIRTH_DATE = '1900-01-01';

const PHOTO_FIELDS = ['frontFileId', 'backFileId', 'inHandFileId'] as const;

/** A unique-index violation of `index` (Drizzle keeps the driver's error as the cause). */
function isUniqueViolation(e: unknown, index: string): boolean {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const err = cur as { code?: unknown; constraint?: unknown; message?: unknown };
    if (err.code === '23505' && (err.constraint === index || String(err.message ?? '').includes(index))) return true;
  }
  return false;
}

export interface KycDecision {
  id: number;
  approve: boolean;
  reason: string | null;
  adminId: number;
}

export function createKycService(deps: {
  db: Db;
  clock: Clock;
  params: Pick<ParamsService, 'get'>;
  files: { find(viewer: Viewer, id: string): Promise<FileInfo | null> };
  users: Pick<UsersService, 'setKycStatus' | 'kycStatus'>;
  limiter?: RateLimiter;
}) {
  const { db, clock, users } = deps;

  async function reviewHours(): Promise<number> {
    const raw = await deps.params.get('kyc_review_hours');
    const n = raw === undefined ? Number.NaN : Number(raw);
    return Number.isInteger(n) && n > 0 ? n : DEFAULT_REVIEW_HOURS;
  }

  function applicationView(row: KycApplicationRow, hours: number): NonNullable<KycView['application']> {
    const submittedAt = row.submittedAt.getTime();
    return {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      birthDate: row.birthDate,
      sex: row.sex as NonNullable<KycView['application']>['sex'],
      country: row.country,
      address: row.address,
      phone: row.phone,
      documentType: row.documentType as NonNullable<KycView['application']>['documentType'],
      status: row.status as KycApplicationStatus,
      reason: row.reason,
      submittedAt,
      decidedAt: row.decidedAt?.getTime() ?? null,
      reviewBy: submittedAt + hours * 3_600_000,
    };
  }

  /** The birth date against the server's day: a real past date, and 18 or older. */
  function checkAge(birthDate: string): void {
    const today = clock.now().toISOString().slice(0, 10);
    if (birthDate > today || birthDate < EARLIEST_BIRTH_DATE) throw kycErrors.birthDateWrong();
    if (ageOn(birthDate, today) < KYC_MIN_AGE_YEARS) throw kycErrors.tooYoung();
  }

  /** Each photo the user's own `kyc` upload, three different files (the back optional for a passport). */
  async function checkPhotos(userId: number, input: SubmitInput): Promise<void> {
    if (!input.backFileId && input.documentType !== 'passport') throw kycErrors.photoRequired('backFileId');
    const seen = new Set<string>();
    for (const field of PHOTO_FIELDS) {
      const id = input[field];
      if (!id) continue;
      if (seen.has(id.toLowerCase())) throw kycErrors.photoRequired(field);
      seen.add(id.toLowerCase());
      const file = await deps.files.find({ kind: 'user', id: userId }, id);
      if (file?.purpose !== 'kyc') throw kycErrors.photoRequired(field);
    }
  }

  /** The user's state and their newest application. */
  async function view(userId: number): Promise<KycView> {
    const [status, latest, hours] = await Promise.all([
      users.kycStatus(db, userId),
      repo.latest(db, userId),
      reviewHours(),
    ]);
    return { status, application: latest ? applicationView(latest, hours) : null };
  }

  return {
    /** The user's state and their newest application (user/identification, GET). */
    view,

    /** The user's state as users.kyc_status holds it (loans and other KYC-gated actions). */
    status: (userId: number, exec: Executor = db): Promise<KycStatus> => users.kycStatus(exec, userId),

    /** Refuses with 10022 unless the user's identity is verified (in `exec`'s transaction when given). */
    async assertVerified(userId: number, exec: Executor = db): Promise<void> {
      if ((await users.kycStatus(exec, userId)) !== 'verified') throw kycErrors.required();
    },

    /**
     * Submits an application from the real account: refused while one waits (80007) or once
     * verified (10019); the birth date must make the user 18 or older today (40057); each photo
     * must be the user's own KYC upload (40017 naming it). The row and users.kyc_status = pending
     * are written in one transaction; of two submissions at once the database keeps one (80007).
     */
    async submit(userId: number, mode: AccountMode, input: SubmitInput): Promise<KycView> {
      if (mode !== 'real') throw kycErrors.realOnly();
      if (deps.limiter) {
        const hit = await deps.limiter.hit(`kyc:submit:${userId}`, SUBMIT_RULE);
        if (!hit.allowed) throw kycErrors.tooMany();
      }
      const current = await users.kycStatus(db, userId);
      if (current === 'pending') throw kycErrors.alreadyApplying();
      if (current === 'verified') throw kycErrors.alreadyVerified();
      checkAge(input.birthDate);
      await checkPhotos(userId, input);
      try {
        await db.transaction(async (tx) => {
          await repo.insert(tx, {
            userId,
            firstName: input.firstName,
            lastName: input.lastName,
            birthDate: input.birthDate,
            sex: input.sex,
            country: input.country,
            address: input.address,
            phone: input.phone,
            documentType: input.documentType,
            frontFileId: input.frontFileId,
            backFileId: input.backFileId ?? null,
            inHandFileId: input.inHandFileId,
            status: 'pending',
            submittedAt: clock.now(),
          });
          await users.setKycStatus(tx, userId, 'pending');
        });
      } catch (e) {
        if (isUniqueViolation(e, ONE_PENDING_INDEX)) throw kycErrors.alreadyApplying();
        throw e;
      }
      return view(userId);
    },

    /** Every user's applications, waiting ones first (the review queue). */
    queue(q: { status?: KycApplicationStatus | undefined; page: number; size: number }) {
      return repo.page(db, q);
    },

    /** One application as it stands (the review screen's detail, after a 40036). */
    async get(exec: Executor, id: number): Promise<KycApplicationRow> {
      const row = await repo.byId(exec, id);
      if (!row) throw kycErrors.noRecord();
      return row;
    },

    /**
     * Decides a waiting application in the caller's transaction (which audits and notifies):
     * verified, or failed with its reason, and users.kyc_status set to match. Decided meanwhile
     * answers 40036 and nothing changes.
     */
    async decide(tx: Executor, d: KycDecision): Promise<{ before: KycApplicationRow; after: KycApplicationRow }> {
      const before = await repo.byId(tx, d.id, true);
      if (!before) throw kycErrors.noRecord();
      const after = await repo.decide(tx, before.id, {
        status: d.approve ? 'verified' : 'failed',
        reason: d.approve ? null : d.reason,
        by: d.adminId,
        at: clock.now(),
      });
      if (!after) throw kycErrors.alreadyDecided();
      await users.setKycStatus(tx, after.userId, after.status as KycStatus);
      return { before, after };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
export type { KycApplicationRow, KycApplicationStatus };

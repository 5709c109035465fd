/**
 * Loans (spec §1, §3, §4, §7 user/loan, user/listLoanRecord, user/approveBack): applying under a
 * product with a signed agreement, the review (approve pays the principal, reject with a reason),
 * the daily accrual and expiry run by the job runner, and repayment. The money is in the ledger
 * (loans.accrual.ts); this file keeps the states and the rules.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import type { LoanApplyRequest, LoanRecord } from '@openbourse/contracts/loan.ts';
import { DAY_MS, formatDecimal, fromLedger, interestDaysAfter, loanTerms } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { trimAmount, userAmountUnits } from '../../lib/amounts.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { createLoanLedger } from './loans.accrual.ts';
import { agreementPdf, inkedPng } from './loans.agreement.ts';
import { loansErrors } from './loans.errors.ts';
import { createLoanProducts, unitsAt } from './loans.products.ts';
import {
  ACTIVE_STATUSES,
  type LoanRow,
  type LoanStatus,
  loansRepository as repo,
  OWING_STATUSES,
} from './loans.repository.ts';

type ApplyInput = z.output<typeof LoanApplyRequest>;

/** 52 random bits above 2^52: 16 digits, exact in JSON, not counting the platform's loans. */
const randomPublicId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export interface LoanDecision {
  publicId: number;
  approve: boolean;
  reason: string | null;
  adminId: number;
}

export function createLoans(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** The user's identity verification state (users.kyc_status): 'verified' lets KYC-gated loans through. */
  kycStatus: (exec: Executor, userId: number) => Promise<string>;
  /** The borrower's name on the agreement. */
  username: (exec: Executor, userId: number) => Promise<string>;
  /** The lender's name on the agreement (the platform's, parameter site_name). */
  lender: () => Promise<string>;
  notify: Notify;
  /** After a change that notified a user has committed: push it now. */
  published: () => void;
  publicIds?: () => number;
}) {
  const { db, clock, ledger } = deps;
  const publicIds = deps.publicIds ?? randomPublicId;
  const products = createLoanProducts({ db, clock, ledger });
  const money = createLoanLedger({ ledger });

  /** A loan as its owner (and, extended, the back office) sees it; amounts at the currency's scale. */
  function view(row: LoanRow, scale: number, productName: string): LoanRecord {
    const units = (v: string) => fromLedger(v, scale);
    const fmt = (u: bigint) => formatDecimal(u, scale);
    const terms = loanTerms({
      principal: fmt(units(row.principal)),
      scale,
      dailyRate: trimAmount(row.dailyRate),
      termDays: row.termDays,
      freeDays: row.freeDays,
      drawnAt: row.drawnAt?.getTime() ?? row.appliedAt.getTime(),
    });
    const owing = OWING_STATUSES.includes(row.status as LoanStatus);
    return {
      id: row.publicId,
      productId: row.productId,
      productName,
      currency: row.currency,
      principal: terms.principal,
      termDays: row.termDays,
      dailyRate: trimAmount(row.dailyRate),
      freeDays: row.freeDays,
      dailyInterest: fmt(units(row.dailyInterest)),
      totalInterest: terms.totalInterest,
      totalRepayment: terms.totalRepayment,
      status: row.status as LoanStatus,
      signed: row.signed,
      reason: row.reason,
      appliedAt: row.appliedAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
      drawnAt: row.drawnAt?.getTime() ?? null,
      dueAt: row.dueAt?.getTime() ?? null,
      repaidAt: row.repaidAt?.getTime() ?? null,
      accruedDays: interestDaysAfter(row.accruedDays, row.freeDays),
      interestAccrued: fmt(units(row.interestAccrued)),
      owed: owing ? fmt(units(row.principal) + units(row.interestAccrued)) : fmt(0n),
      repaidAmount: row.repaidAmount === null ? null : fmt(units(row.repaidAmount)),
    };
  }

  /** Views of rows with their product names in `lang` (English where the operator wrote none). */
  async function views(exec: Executor, rows: readonly LoanRow[], lang: string): Promise<LoanRecord[]> {
    if (rows.length === 0) return [];
    const names = await products.names(exec);
    const scales = new Map((await ledger.listCurrencies(exec)).map((c) => [c.code, c.scale]));
    return rows.map((r) => {
      const n = names.get(r.productId);
      return view(r, scales.get(r.currency) ?? 0, n?.[lang] ?? n?.en ?? '');
    });
  }

  /** Catches a locked loan's accrual up to now and marks it expired once past maturity (notifying once). */
  async function settleDays(tx: Executor, locked: LoanRow, now: Date): Promise<{ row: LoanRow; expired: boolean }> {
    let row = await money.catchUp(tx, locked, now);
    if (row.status !== 'repaying' || !row.dueAt || now < row.dueAt) return { row, expired: false };
    const expired = await repo.expire(tx, row.id);
    if (!expired) return { row, expired: false };
    row = expired;
    const scale = await money.scaleOf(tx, row.currency);
    await deps.notify(tx, {
      userId: row.userId,
      kind: 'loanExpired',
      subject: { type: 'loan', id: row.publicId },
      params: {
        amount: formatDecimal(fromLedger(row.principal, scale), scale),
        currency: row.currency,
        due: isoDay(row.dueAt!),
      },
    });
    return { row, expired: true };
  }

  return {
    products,
    view,
    views,
    /** Decimals of a currency's amounts. */
    scaleOf: money.scaleOf,

    /**
     * A user applies for a loan under a product, signing its agreement (real account only). The
     * terms are copied from the product; the agreement PDF is stored with the loan in one
     * transaction. Waits for review (pending).
     */
    async apply(userId: number, mode: AccountMode, lang: Language, input: ApplyInput): Promise<LoanRecord> {
      if (mode !== 'real') throw loansErrors.realOnly();
      const product = await products.get(db, input.productId);
      if (!product?.enabled) throw loansErrors.noRecord();
      if (!product.termDays.includes(input.termDays)) throw loansErrors.termWrong();
      const scale = await money.scaleOf(db, product.currency).catch(() => null);
      if (scale === null) throw loansErrors.noRecord();
      const units = userAmountUnits(input.amount, scale);
      if (units === null) throw loansErrors.amountWrong();
      if (units < unitsAt(product.minAmount, scale) || units > unitsAt(product.maxAmount, scale)) {
        throw loansErrors.amountExceeded();
      }
      if (units >= unitsAt(product.kycFrom, scale) && (await deps.kycStatus(db, userId)) !== 'verified') {
        throw loansErrors.kycRequired();
      }
      const signature = await inkedPng(input.signature);
      if (!signature) throw loansErrors.notSigned();
      // Fail fast; the count that decides is the locked one below.
      const seen = await repo.countByStatus(db, userId, ACTIVE_STATUSES);
      if ((seen.get('pending') ?? 0) > 0) throw loansErrors.alreadyApplying();

      const now = clock.now();
      const publicId = publicIds();
      const terms = loanTerms({
        principal: formatDecimal(units, scale),
        scale,
        dailyRate: trimAmount(product.dailyRate),
        termDays: input.termDays,
        freeDays: product.freeDays,
        drawnAt: now.getTime(),
      });
      const lender = await deps.lender();
      const borrower = await deps.username(db, userId);
      const row = await db.transaction(async (tx) => {
        // One application of this user at a time: counted and inserted under the user's lock.
        await repo.lockUser(tx, userId);
        const counts = await repo.countByStatus(tx, userId, ACTIVE_STATUSES);
        if ((counts.get('pending') ?? 0) > 0) throw loansErrors.alreadyApplying();
        const active = [...counts.values()].reduce((a, b) => a + b, 0);
        if (active >= product.maxActive) throw loansErrors.tooMany();
        // Drawn under the lock: of many racing applications only the one taken draws its PDF.
        const agreement = await agreementPdf({
          lang,
          loanNo: String(publicId),
          date: now.getTime(),
          lender,
          borrower,
          currency: product.currency,
          terms,
          signaturePng: signature,
        });
        const created = await repo.insertLoan(tx, {
          publicId,
          userId,
          productId: product.id,
          currency: product.currency,
          principal: terms.principal,
          termDays: terms.termDays,
          dailyRate: terms.dailyRate,
          freeDays: terms.freeDays,
          dailyInterest: terms.dailyInterest,
          status: 'pending',
          signed: true,
          appliedAt: now,
        });
        if (!created) throw new Error('loans: the random public id was drawn before');
        await repo.insertAgreement(tx, {
          loanId: created.id,
          lang: agreement.lang,
          pdf: agreement.pdf,
          sha256: createHash('sha256').update(agreement.pdf).digest('hex'),
          createdAt: now,
        });
        return created;
      });
      const [record] = await views(db, [row], lang);
      return record!;
    },

    /** The user's loans, newest first (user/listLoanRecord). */
    async list(userId: number, lang: string, q: { status?: LoanStatus | undefined; page: number; size: number }) {
      const { rows, total } = await repo.loans(db, {
        userId,
        ...(q.status ? { status: q.status } : {}),
        page: q.page,
        size: q.size,
      });
      return { list: await views(db, rows, lang), total, page: q.page, size: q.size };
    },

    /**
     * Repays a loan of the user's in repayment or overdue (user/approveBack): the days ended so far
     * are accrued first, then principal + interest are taken from the real available balance
     * (10011 when short) and the debt cleared, with the state, in one transaction.
     */
    async repay(userId: number, lang: string, publicId: number): Promise<LoanRecord> {
      const row = await db.transaction(async (tx) => {
        const locked = await repo.loanByPublicId(tx, publicId, { userId, lock: true });
        if (!locked) throw loansErrors.noRecord();
        if (!OWING_STATUSES.includes(locked.status as LoanStatus)) throw loansErrors.notRepaying();
        const now = clock.now();
        // The days ended so far (early: only those), not yet posted by the job.
        const current = await money.catchUp(tx, locked, now);
        let repaid: string;
        try {
          repaid = await money.repay(tx, current);
        } catch (e) {
          if (e instanceof AppError && e.code === ErrorCode.BalanceInsufficient)
            throw loansErrors.balanceInsufficient();
          throw e;
        }
        const after = await repo.repaid(tx, current.id, now, repaid);
        if (!after) throw loansErrors.notRepaying();
        return after;
      });
      deps.published();
      const [record] = await views(db, [row], lang);
      return record!;
    },

    /** The stored agreement of a loan (the user's own when `userId` is given), 80005 otherwise. */
    async agreement(publicId: number, userId?: number): Promise<{ pdf: Uint8Array; sha256: string; lang: string }> {
      const row = await repo.loanByPublicId(db, publicId, userId === undefined ? {} : { userId });
      const doc = row ? await repo.agreement(db, row.id) : undefined;
      if (!doc) throw loansErrors.noRecord();
      return { pdf: doc.pdf, sha256: doc.sha256, lang: doc.lang };
    },

    // ─── the back office ───────────────────────────────────────────────────────────────────

    /** Every user's loans, waiting ones first (the review queue). */
    async queue(q: { status?: LoanStatus | undefined; page: number; size: number }) {
      return repo.loans(db, { ...(q.status ? { status: q.status } : {}), page: q.page, size: q.size });
    },

    /** One loan by its public id. */
    async get(exec: Executor, publicId: number): Promise<LoanRow> {
      const row = await repo.loanByPublicId(exec, publicId);
      if (!row) throw loansErrors.noRecord();
      return row;
    },

    /**
     * Decides a waiting application in the caller's transaction: approved (the principal paid from
     * the platform's loan account and owed, drawnAt now, due after the term) or rejected with its
     * reason. Decided meanwhile → 40036 and nothing changes; two approvals pay once.
     */
    async decide(tx: Executor, d: LoanDecision): Promise<{ before: LoanRow; after: LoanRow }> {
      const before = await repo.loanByPublicId(tx, d.publicId, { lock: true });
      if (!before) throw loansErrors.noRecord();
      const now = clock.now();
      const after = await repo.decide(
        tx,
        before.id,
        d.approve
          ? {
              status: 'repaying',
              by: d.adminId,
              at: now,
              drawnAt: now,
              dueAt: new Date(now.getTime() + before.termDays * DAY_MS),
            }
          : { status: 'rejected', by: d.adminId, at: now, reason: d.reason ?? '' },
      );
      if (!after) throw loansErrors.alreadyDecided();
      if (d.approve) await money.draw(tx, after);
      return { before, after };
    },

    /**
     * The job (every hour, catch-up safe): for each loan in repayment or overdue, every ended day
     * not yet posted is posted, and a loan past maturity becomes expired (the user told once).
     * Each loan in its own transaction. Returns how many loans changed and how many expired.
     */
    async accrueAll(): Promise<{ loans: number; expired: number }> {
      let changed = 0;
      let expired = 0;
      for (const id of await repo.dueIds(db, clock.now())) {
        const r = await db.transaction(async (tx) => {
          const locked = await repo.loanById(tx, id, true);
          if (!locked) return null;
          const { row, expired: now } = await settleDays(tx, locked, clock.now());
          return { moved: row.accruedDays !== locked.accruedDays || now, expired: now };
        });
        if (r?.moved) changed += 1;
        if (r?.expired) expired += 1;
      }
      if (expired > 0) deps.published();
      return { loans: changed, expired };
    },
  };
}

export type Loans = ReturnType<typeof createLoans>;
export type { LoanRow };

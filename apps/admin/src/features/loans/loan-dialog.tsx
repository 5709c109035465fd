/**
 * One loan under review: the terms the user signed, the borrower's identity verification state, the
 * signed agreement, and the decision. Approve pays the principal into the user's real account;
 * Reject asks for the reason the user is shown. Of two reviewers the first decision stands: the
 * second is told (40036) and sees the loan as it was decided.
 */
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, Facts, Notice, TextArea } from '@/shared/components';
import { formatDecimal, formatPercent, formatTime } from '@/shared/format';
import { LoanAgreement } from './loan-agreement';
import { KycBadge, LoanStatusBadge } from './loan-status';
import { approveLoan, getLoan, type Loan, rejectLoan } from './loans-api';

const REASON_MIN = 3;
const REASON_MAX = 500;

type Decision = { approve: true } | { approve: false; reason: string };

export function LoanDialog({
  loan,
  onClose,
  onDecided,
}: {
  loan: Loan;
  onClose: () => void;
  /** The loan as it stands after a decision, this reviewer's or another's. */
  onDecided: (l: Loan) => void;
}) {
  const [askReason, setAskReason] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async (d: Decision) => (d.approve ? approveLoan(loan.id) : rejectLoan(loan.id, d.reason)),
    onSuccess: (l) => {
      setAskReason(false);
      onDecided(l);
    },
    onError: async (error) => {
      if (!(error instanceof ApiError && error.is(ErrorCode.AlreadyDecided))) return;
      setAskReason(false);
      const current = await getLoan(loan.id).catch(() => null);
      if (current) onDecided(current);
    },
  });
  const waiting = loan.status === 'pending';
  const trimmed = reason.trim();
  const reasonOk = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;
  const reasonError =
    decide.error instanceof ApiError && decide.error.field === 'reason' ? decide.error.message : undefined;
  const money = (v: string | null) => (v === null ? '—' : `${formatDecimal(v)} ${loan.currency}`);

  function submitReject(e: FormEvent) {
    e.preventDefault();
    if (reasonOk) decide.mutate({ approve: false, reason: trimmed });
  }

  const facts: [string, ReactNode][] = [
    ['User', `${loan.username} (ID ${loan.userId})`],
    ['Identity', <KycBadge key="kyc" status={loan.kycStatus} />],
    ['Product', loan.productName],
    ['Principal', money(loan.principal)],
    ['Term', `${loan.termDays} days`],
    ['Daily rate', formatPercent(loan.dailyRate)],
    ['Interest-free days', String(loan.freeDays)],
    ['Daily interest', money(loan.dailyInterest)],
    ['Total interest at maturity', money(loan.totalInterest)],
    ['Total repayment', money(loan.totalRepayment)],
    ['Applied', formatTime(loan.appliedAt)],
  ];
  if (loan.decidedAt !== null) facts.push(['Decided', `${formatTime(loan.decidedAt)} by ${loan.decidedBy ?? '—'}`]);
  if (loan.reason) facts.push(['Reason given', loan.reason]);
  if (loan.drawnAt !== null) facts.push(['Paid out', formatTime(loan.drawnAt)], ['Due', formatTime(loan.dueAt)]);
  if (loan.status === 'repaying' || loan.status === 'expired') {
    facts.push(
      ['Interest accrued', `${money(loan.interestAccrued)} (${loan.accruedDays} days)`],
      ['Owed now', money(loan.owed)],
    );
  }
  if (loan.repaidAt !== null) facts.push(['Repaid', `${formatTime(loan.repaidAt)}: ${money(loan.repaidAmount)}`]);

  // The reason's dialog is the detail's sibling, not its child (see the deposits' dialog).
  return (
    <>
      <Dialog title={`Loan ${loan.id}`} open onClose={onClose} wide>
        <div className="loan">
          <div>
            <p>
              <strong>{money(loan.principal)}</strong> <LoanStatusBadge status={loan.status} />
            </p>
            <Facts items={facts} />
            {waiting && loan.kycStatus !== 'verified' ? (
              <Notice tone="warn">The borrower's identity is not verified.</Notice>
            ) : null}
            {waiting ? (
              <p className="muted">
                Approval pays the principal into the user's real account at once; the term starts then.
              </p>
            ) : null}
            {askReason ? null : <ErrorNote error={decide.error} />}
            {waiting ? (
              <div className="form__buttons">
                <Button
                  variant="danger"
                  disabled={decide.isPending}
                  onClick={() => {
                    decide.reset();
                    setAskReason(true);
                  }}
                >
                  Reject…
                </Button>
                <Button
                  loading={decide.isPending && decide.variables?.approve === true}
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ approve: true })}
                >
                  Approve
                </Button>
              </div>
            ) : null}
          </div>
          <LoanAgreement loanId={loan.id} />
        </div>
      </Dialog>
      <Dialog title="Reject the loan" open={askReason} onClose={() => setAskReason(false)}>
        <form className="form" onSubmit={submitReject} noValidate>
          <p className="muted">
            {money(loan.principal)} for {loan.username}. The user reads this reason with the rejection.
          </p>
          <TextArea
            label="Reason"
            rows={4}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            hint={`${REASON_MIN} to ${REASON_MAX} characters (${trimmed.length})`}
            error={reasonError}
            autoFocus
          />
          {reasonError ? null : <ErrorNote error={decide.error} />}
          <div className="form__buttons">
            <Button variant="secondary" disabled={decide.isPending} onClick={() => setAskReason(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!reasonOk} loading={decide.isPending}>
              Reject loan
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

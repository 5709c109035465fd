/**
 * One loan under review: the terms the user signed, the borrower's identity verification state, the
 * signed agreement, and the decision. Approve pays the principal into the user's real account;
 * Reject asks for the reason the user is shown. Of two reviewers the first decision stands: the
 * second is told (40036) and sees the loan as it was decided.
 */
import type { ReactNode } from 'react';
import { Dialog, ErrorNote, Facts, Notice } from '@/shared/components';
import { DecisionButtons, RejectDialog, useReviewDecision } from '@/shared/review-decision';
import { formatDecimal, formatPercent, formatTime } from '@/shared/format';
import { LoanAgreement } from './loan-agreement';
import { KycBadge, LoanStatusBadge } from './loan-status';
import { approveLoan, getLoan, type Loan, rejectLoan } from './loans-api';

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
  const {
    decision: decide,
    ask,
    open,
    close,
    fieldError,
  } = useReviewDecision<Loan, Decision>({
    decide: (d) => (d.approve ? approveLoan(loan.id) : rejectLoan(loan.id, d.reason)),
    reload: () => getLoan(loan.id),
    onDecided,
  });
  const waiting = loan.status === 'pending';
  const money = (v: string | null) => (v === null ? '—' : `${formatDecimal(v)} ${loan.currency}`);

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
            {ask ? null : <ErrorNote error={decide.error} />}
            {waiting ? (
              <DecisionButtons
                decision={decide}
                approving={decide.variables?.approve === true}
                onReject={() => open('reject')}
                onApprove={() => decide.mutate({ approve: true })}
              />
            ) : null}
          </div>
          <LoanAgreement loanId={loan.id} />
        </div>
      </Dialog>
      <RejectDialog
        title="Reject the loan"
        intro={
          <>
            {money(loan.principal)} for {loan.username}. The user reads this reason with the rejection.
          </>
        }
        submitLabel="Reject loan"
        open={ask === 'reject'}
        onClose={close}
        decision={decide}
        reasonError={fieldError('reason')}
        onReject={(reason) => decide.mutate({ approve: false, reason })}
      />
    </>
  );
}

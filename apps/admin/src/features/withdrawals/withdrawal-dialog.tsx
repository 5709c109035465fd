/**
 * One withdrawal under review: where it goes, what it costs the user, and the user's real balances
 * and last movements beside it. Pay asks for the payout's reference (the transaction hash or the
 * bank's reference, shown to the user) and takes the held amount and fee; Reject asks for the reason
 * and returns them. Of two reviewers the first decision stands: the second is told (40036) and sees
 * the withdrawal as it was decided.
 */
import { Button } from '@openbourse/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog, ErrorNote, Facts, TextField } from '@/shared/components';
import { addDecimals, formatDecimal, formatTime } from '@/shared/format';
import { RejectDialog, useReviewDecision } from '@/shared/review-decision';
import { UserBalances, UserMovements } from './user-funds';
import { WithdrawalStatusBadge } from './withdrawal-status';
import { Copyable, methodLabel, targetFacts } from './withdrawal-target';
import { getWithdrawal, payWithdrawal, rejectWithdrawal, type Withdrawal } from './withdrawals-api';

const REF_MIN = 3;
const REF_MAX = 128;

type Decision = { pay: true; payoutRef: string } | { pay: false; reason: string };

const within = (text: string, min: number, max: number) => text.length >= min && text.length <= max;

export function WithdrawalDialog({
  withdrawal: w,
  onClose,
  onDecided,
}: {
  withdrawal: Withdrawal;
  onClose: () => void;
  /** The withdrawal as it stands after a decision, this reviewer's or another's. */
  onDecided: (w: Withdrawal) => void;
}) {
  const [payoutRef, setPayoutRef] = useState('');
  const {
    decision: decide,
    ask,
    open,
    close,
    fieldError,
  } = useReviewDecision<Withdrawal, Decision, 'pay' | 'reject'>({
    decide: (d) => (d.pay ? payWithdrawal(w.id, d.payoutRef) : rejectWithdrawal(w.id, d.reason)),
    reload: () => getWithdrawal(w.id),
    onDecided,
  });

  const waiting = w.status === 'pending';
  const amount = `${formatDecimal(w.amount)} ${w.currency}`;
  const total = addDecimals(w.amount, w.fee);
  const ref = payoutRef.trim();
  const refOk = within(ref, REF_MIN, REF_MAX);
  const refError = fieldError('payoutRef');

  function submitPay(e: FormEvent) {
    e.preventDefault();
    if (refOk) decide.mutate({ pay: true, payoutRef: ref });
  }

  const decided: [string, ReactNode][] = [];
  if (w.decidedAt !== null) decided.push(['Decided', `${formatTime(w.decidedAt)} by ${w.decidedBy ?? '—'}`]);
  if (w.payoutRef)
    decided.push(['Payout reference', <Copyable key="ref" value={w.payoutRef} label="Copy the payout reference" />]);
  if (w.reason) decided.push(['Reason given', w.reason]);

  // The pay and reject dialogs are the detail's siblings, not its children: React would pass an
  // inner dialog's close event on to the outer one's onClose.
  return (
    <>
      <Dialog title={`Withdrawal ${w.id}`} open onClose={onClose} wide>
        <div className="withdrawal">
          <section className="withdrawal__main" aria-label="The withdrawal">
            <p className="withdrawal__amount">
              <strong>{amount}</strong>
              <span className="muted"> {w.method === 'bank' ? 'by bank transfer' : `on ${w.network}`}</span>{' '}
              <WithdrawalStatusBadge status={w.status} />
            </p>
            <Facts
              items={[
                ['User', `${w.user.username} (ID ${w.user.id})`],
                ['Method', methodLabel(w)],
                ...targetFacts(w),
                ['Amount received', amount],
                ['Fee', `${formatDecimal(w.fee)} ${w.currency}`],
                ['Total held', `${formatDecimal(total)} ${w.currency}`],
                ['Submitted', formatTime(w.createdAt)],
                ...decided,
              ]}
            />
            {waiting ? (
              <p className="muted">
                {w.method === 'bank'
                  ? `Transfer ${amount} to the account above, then Pay with the bank's reference for the transfer.`
                  : `Send ${amount} on ${w.network} to the address above, then Pay with the transaction's hash.`}{' '}
                Pay takes the {formatDecimal(total)} {w.currency} held from the user's account; Reject returns it to
                their available balance.
              </p>
            ) : null}
            {ask ? null : <ErrorNote error={decide.error} />}
            {waiting ? (
              <div className="form__buttons">
                <Button variant="danger" disabled={decide.isPending} onClick={() => open('reject')}>
                  Reject…
                </Button>
                <Button disabled={decide.isPending} onClick={() => open('pay')}>
                  Pay…
                </Button>
              </div>
            ) : null}
          </section>
          <UserBalances
            userId={w.user.id}
            username={w.user.username}
            held={waiting ? { total, currency: w.currency } : undefined}
          />
        </div>
        <UserMovements userId={w.user.id} />
      </Dialog>
      <Dialog title="Pay the withdrawal" open={ask === 'pay'} onClose={close}>
        <form className="form" onSubmit={submitPay} noValidate>
          <p className="muted">
            {amount} to {w.user.username}
            {w.method === 'bank' ? `'s account ${w.bankAccount ?? ''} at ${w.bankType ?? ''}` : ` on ${w.network}`}. The
            user is shown this reference with the payment.
          </p>
          <TextField
            label="Payout reference"
            value={payoutRef}
            maxLength={REF_MAX}
            onChange={(e) => setPayoutRef(e.target.value)}
            hint={`${w.method === 'bank' ? "The bank's reference for the transfer" : "The payout's transaction hash"}: ${REF_MIN} to ${REF_MAX} characters (${ref.length})`}
            error={refError}
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
          {refError ? null : <ErrorNote error={decide.error} />}
          <div className="form__buttons">
            <Button variant="secondary" disabled={decide.isPending} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!refOk} loading={decide.isPending}>
              Mark as paid
            </Button>
          </div>
        </form>
      </Dialog>
      <RejectDialog
        title="Reject the withdrawal"
        intro={
          <>
            {amount} to {w.user.username}. The {formatDecimal(total)} {w.currency} held return to their available
            balance; they read this reason with the rejection.
          </>
        }
        submitLabel="Reject withdrawal"
        open={ask === 'reject'}
        onClose={close}
        decision={decide}
        reasonError={fieldError('reason')}
        onReject={(reason) => decide.mutate({ pay: false, reason })}
      />
    </>
  );
}

/**
 * One deposit under review: the proof beside what the user declared and the address they were
 * shown, and the decision. Approve credits the user's real account; Reject asks for the reason the
 * user is shown. Of two reviewers the first decision stands: the second is told (40036) and sees
 * the row as it was decided.
 */
import { Dialog, ErrorNote, Facts } from '@/shared/components';
import { CopyButton } from '@/shared/copy-button';
import { DecisionButtons, RejectDialog, useReviewDecision } from '@/shared/review-decision';
import { formatDecimal, formatTime } from '@/shared/format';
import { approveDeposit, type Deposit, getDeposit, rejectDeposit } from './deposits-api';
import { DepositStatusBadge } from './deposit-status';
import { ProofViewer } from './proof-viewer';

type Decision = { approve: true } | { approve: false; reason: string };

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <span className="copyable">
      <code>{value}</code>
      <CopyButton value={value} label={label} />
    </span>
  );
}

export function DepositDialog({
  deposit,
  onClose,
  onDecided,
}: {
  deposit: Deposit;
  onClose: () => void;
  /** The deposit as it stands after a decision, this reviewer's or another's. */
  onDecided: (d: Deposit) => void;
}) {
  const {
    decision: decide,
    ask,
    open,
    close,
    fieldError,
  } = useReviewDecision<Deposit, Decision>({
    decide: (d) => (d.approve ? approveDeposit(deposit.id) : rejectDeposit(deposit.id, d.reason)),
    reload: () => getDeposit(deposit.id),
    onDecided,
  });
  const waiting = deposit.status === 'pending';

  // The reason's dialog is the detail's sibling, not its child: React would pass the inner
  // dialog's close event on to the outer one's onClose.
  return (
    <>
      <Dialog title={`Deposit ${deposit.id}`} open onClose={onClose} wide>
        <div className="deposit">
          <ProofViewer fileId={deposit.proofFileId} />
          <div className="deposit__side">
            <p className="deposit__amount">
              <strong>
                {formatDecimal(deposit.amount)} {deposit.currency}
              </strong>
              <span className="muted"> on {deposit.network}</span> <DepositStatusBadge status={deposit.status} />
            </p>
            <Facts
              items={[
                ['User', `${deposit.user.username} (ID ${deposit.user.id})`],
                ['Transaction hash', <Copyable key="hash" value={deposit.txHash} label="Copy the transaction hash" />],
                ['Sender address ends with', <code key="last6">{deposit.last6}</code>],
                [
                  'Receiving address shown',
                  <Copyable key="address" value={deposit.address} label="Copy the receiving address" />,
                ],
                ['Submitted', formatTime(deposit.createdAt)],
                ...(deposit.decidedAt === null
                  ? []
                  : ([['Decided', `${formatTime(deposit.decidedAt)} by ${deposit.decidedBy ?? '—'}`]] as [
                      string,
                      string,
                    ][])),
                ...(deposit.reason ? ([['Reason given', deposit.reason]] as [string, string][]) : []),
              ]}
            />
            {waiting ? (
              <p className="muted">
                Check that the transaction on {deposit.network} sent exactly this amount to the receiving address above
                before approving: approval credits the user's real account at once.
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
        </div>
      </Dialog>
      <RejectDialog
        title="Reject the deposit"
        intro={
          <>
            {formatDecimal(deposit.amount)} {deposit.currency} from {deposit.user.username}. The user reads this reason
            with the rejection.
          </>
        }
        submitLabel="Reject deposit"
        open={ask === 'reject'}
        onClose={close}
        decision={decide}
        reasonError={fieldError('reason')}
        onReject={(reason) => decide.mutate({ approve: false, reason })}
      />
    </>
  );
}

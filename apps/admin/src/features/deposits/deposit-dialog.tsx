/**
 * One deposit under review: the proof beside what the user declared and the address they were
 * shown, and the decision. Approve credits the user's real account; Reject asks for the reason the
 * user is shown. Of two reviewers the first decision stands: the second is told (40036) and sees
 * the row as it was decided.
 */
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, Facts, TextArea } from '@/shared/components';
import { CopyButton } from '@/shared/copy-button';
import { formatDecimal, formatTime } from '@/shared/format';
import { approveDeposit, type Deposit, getDeposit, rejectDeposit } from './deposits-api';
import { DepositStatusBadge } from './deposit-status';
import { ProofViewer } from './proof-viewer';

const REASON_MIN = 3;
const REASON_MAX = 500;

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
  const [askReason, setAskReason] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async (d: Decision) => (d.approve ? approveDeposit(deposit.id) : rejectDeposit(deposit.id, d.reason)),
    onSuccess: (d) => {
      setAskReason(false);
      onDecided(d);
    },
    onError: async (error) => {
      if (!(error instanceof ApiError && error.is(ErrorCode.AlreadyDecided))) return;
      setAskReason(false);
      const current = await getDeposit(deposit.id).catch(() => null);
      if (current) onDecided(current);
    },
  });
  const waiting = deposit.status === 'pending';
  const trimmed = reason.trim();
  const reasonOk = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;
  const reasonError =
    decide.error instanceof ApiError && decide.error.field === 'reason' ? decide.error.message : undefined;

  function submitReject(e: FormEvent) {
    e.preventDefault();
    if (reasonOk) decide.mutate({ approve: false, reason: trimmed });
  }

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
        </div>
      </Dialog>
      <Dialog title="Reject the deposit" open={askReason} onClose={() => setAskReason(false)}>
        <form className="form" onSubmit={submitReject} noValidate>
          <p className="muted">
            {formatDecimal(deposit.amount)} {deposit.currency} from {deposit.user.username}. The user reads this reason
            with the rejection.
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
              Reject deposit
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

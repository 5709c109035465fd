/**
 * The decision of a review (deposits, withdrawals, identity verification, loans): one mutation that
 * decides, the row as it stands afterwards handed back; of two reviewers the first decision stands,
 * so a 40036 fetches the row again and hands that back instead. The reject dialog asks for the
 * reason the user is shown.
 */
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from './api';
import { Dialog, ErrorNote, TextArea } from './components';

export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** What the buttons and the reason's dialog show of the decision under way. */
export type DecisionState = { isPending: boolean; error: Error | null };

/**
 * `ask` is the follow-up dialog open (e.g. 'reject'), closed by any outcome; `fieldError(f)` is the
 * server's message for field `f` of the last refusal.
 */
export function useReviewDecision<T, D, A extends string = 'reject'>(opts: {
  decide(d: D): Promise<T>;
  reload(): Promise<T>;
  onDecided(row: T): void;
}) {
  const [ask, setAsk] = useState<A | null>(null);
  const decision = useMutation({
    mutationFn: opts.decide,
    onSuccess: (row) => {
      setAsk(null);
      opts.onDecided(row);
    },
    onError: async (error) => {
      if (!(error instanceof ApiError && error.is(ErrorCode.AlreadyDecided))) return;
      setAsk(null);
      const current = await opts.reload().catch(() => null);
      if (current) opts.onDecided(current);
    },
  });
  const fieldError = (field: string) =>
    decision.error instanceof ApiError && decision.error.field === field ? decision.error.message : undefined;
  const open = (which: A) => {
    decision.reset();
    setAsk(which);
  };
  return { decision, ask, open, close: () => setAsk(null), fieldError };
}

/** Reject… and Approve, for a waiting row. */
export function DecisionButtons({
  decision,
  onReject,
  onApprove,
  approving,
}: {
  decision: DecisionState;
  onReject(): void;
  onApprove(): void;
  /** Whether the pending mutation is the approval (its button shows the spinner). */
  approving: boolean;
}) {
  return (
    <div className="form__buttons">
      <Button variant="danger" disabled={decision.isPending} onClick={onReject}>
        Reject…
      </Button>
      <Button loading={decision.isPending && approving} disabled={decision.isPending} onClick={onApprove}>
        Approve
      </Button>
    </div>
  );
}

/**
 * The reason's dialog. It is the detail's sibling, not its child: React would pass the inner dialog's
 * close event on to the outer one's onClose.
 */
export function RejectDialog({
  title,
  intro,
  submitLabel,
  open,
  onClose,
  decision,
  reasonError,
  onReject,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  open: boolean;
  onClose(): void;
  decision: DecisionState;
  reasonError: string | undefined;
  onReject(reason: string): void;
}) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const reasonOk = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (reasonOk) onReject(trimmed);
  }

  return (
    <Dialog title={title} open={open} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{intro}</p>
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
        {reasonError ? null : <ErrorNote error={decision.error} />}
        <div className="form__buttons">
          <Button variant="secondary" disabled={decision.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!reasonOk} loading={decision.isPending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * One KYC application under review: the photos beside what the user declared, and the decision.
 * Approve verifies the user; Reject asks for the reason the user is shown (they may submit again).
 * Of two reviewers the first decision stands: the second is told (40036) and sees it as decided.
 */
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, Facts, TextArea } from '@/shared/components';
import { formatTime } from '@/shared/format';
import { approveKyc, getKyc, type KycApplication, rejectKyc } from './kyc-api';
import { ageAt, countryName, DOCUMENTS, KycStatusBadge, SEXES } from './kyc-labels';
import { KycPhotos } from './kyc-photos';

const REASON_MIN = 3;
const REASON_MAX = 500;

type Decision = { approve: true } | { approve: false; reason: string };

export function KycDialog({
  application: a,
  onClose,
  onDecided,
}: {
  application: KycApplication;
  onClose: () => void;
  /** The application as it stands after a decision, this reviewer's or another's. */
  onDecided: (a: KycApplication) => void;
}) {
  const [askReason, setAskReason] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async (d: Decision) => (d.approve ? approveKyc(a.id) : rejectKyc(a.id, d.reason)),
    onSuccess: (d) => {
      setAskReason(false);
      onDecided(d);
    },
    onError: async (error) => {
      if (!(error instanceof ApiError && error.is(ErrorCode.AlreadyDecided))) return;
      setAskReason(false);
      const current = await getKyc(a.id).catch(() => null);
      if (current) onDecided(current);
    },
  });
  const waiting = a.status === 'pending';
  const trimmed = reason.trim();
  const reasonOk = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;
  const reasonError =
    decide.error instanceof ApiError && decide.error.field === 'reason' ? decide.error.message : undefined;
  const name = `${a.firstName} ${a.lastName}`;

  function submitReject(e: FormEvent) {
    e.preventDefault();
    if (reasonOk) decide.mutate({ approve: false, reason: trimmed });
  }

  const decided: [string, string][] =
    a.decidedAt === null ? [] : [['Decided', `${formatTime(a.decidedAt)} by ${a.decidedBy ?? '—'}`]];
  const reasonRow: [string, string][] = a.reason ? [['Reason given', a.reason]] : [];

  // The reason's dialog is the detail's sibling, not its child (see deposit-dialog.tsx).
  return (
    <>
      <Dialog title={`KYC application ${a.id}`} open onClose={onClose} wide>
        <div className="deposit kyc">
          <KycPhotos application={a} />
          <div className="deposit__side">
            <p className="deposit__amount">
              <strong>{name}</strong> <KycStatusBadge status={a.status} />
            </p>
            <Facts
              items={[
                ['User', `${a.username} (ID ${a.userId})`],
                ['Document', DOCUMENTS[a.documentType]],
                ['Birth date', `${a.birthDate} (${ageAt(a.birthDate, a.submittedAt)} when submitted)`],
                ['Sex', SEXES[a.sex]],
                ['Country', countryName(a.country)],
                ['Address', a.address],
                ['Phone', a.phone],
                ['Submitted', formatTime(a.submittedAt)],
                ...decided,
                ...reasonRow,
              ]}
            />
            {waiting ? (
              <p className="muted">
                Check that the name, birth date and face match on every photo and that the document is valid before
                approving: a verified user may borrow.
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
      <Dialog title="Reject the application" open={askReason} onClose={() => setAskReason(false)}>
        <form className="form" onSubmit={submitReject} noValidate>
          <p className="muted">
            {name} ({a.username}). The user reads this reason with the rejection and may submit again.
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
              Reject application
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

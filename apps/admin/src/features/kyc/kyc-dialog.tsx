/**
 * One KYC application under review: the photos beside what the user declared, and the decision.
 * Approve verifies the user; Reject asks for the reason the user is shown (they may submit again).
 * Of two reviewers the first decision stands: the second is told (40036) and sees it as decided.
 */
import { Dialog, ErrorNote, Facts } from '@/shared/components';
import { formatTime } from '@/shared/format';
import { DecisionButtons, RejectDialog, useReviewDecision } from '@/shared/review-decision';
import { approveKyc, getKyc, type KycApplication, rejectKyc } from './kyc-api';
import { ageAt, countryName, DOCUMENTS, KycStatusBadge, SEXES } from './kyc-labels';
import { KycPhotos } from './kyc-photos';

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
  const {
    decision: decide,
    ask,
    open,
    close,
    fieldError,
  } = useReviewDecision<KycApplication, Decision>({
    decide: (d) => (d.approve ? approveKyc(a.id) : rejectKyc(a.id, d.reason)),
    reload: () => getKyc(a.id),
    onDecided,
  });
  const waiting = a.status === 'pending';
  const name = `${a.firstName} ${a.lastName}`;

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
        title="Reject the application"
        intro={
          <>
            {name} ({a.username}). The user reads this reason with the rejection and may submit again.
          </>
        }
        submitLabel="Reject application"
        open={ask === 'reject'}
        onClose={close}
        decision={decide}
        reasonError={fieldError('reason')}
        onReject={(reason) => decide.mutate({ approve: false, reason })}
      />
    </>
  );
}

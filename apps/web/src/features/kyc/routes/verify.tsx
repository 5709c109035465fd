import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/shared/components/button';
import { DemoNotice } from '@/shared/components/demo-notice';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Steps } from '@/shared/components/steps';
import { IconDocument, IconShield, IconUser } from '@/shared/components/icons';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { useKyc } from '../api/identification';
import { KycForm } from '../components/kyc-form';
import { KycStatus } from '../components/kyc-status';
import '../kyc.css';

/**
 * Account verification (spec §3 KYC application, §4 KYC states): where it stands, and the form
 * when there is something to submit (never verified, or failed and the user chooses to resubmit).
 * Identity is the real account's: the demo account is told so.
 */
export default function VerifyRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('kyc.page.title'));
  const demo = useSession((s) => s.accountMode === DEMO_ACCOUNT);
  const { data: view, error, isPending, refetch } = useKyc();
  const [resubmitting, setResubmitting] = useState(false);

  let body: ReactNode;
  if (error) body = <QueryError error={error} onRetry={() => void refetch()} />;
  else if (isPending || !view) body = <SkeletonRows rows={3} />;
  else {
    const canSubmit = view.status === 'none' || (view.status === 'failed' && resubmitting);
    body = (
      <>
        <KycStatus
          view={view}
          action={
            view.status === 'failed' && !resubmitting && !demo ? (
              <Button size="sm" onClick={() => setResubmitting(true)} data-testid="kyc-resubmit">
                {t('kyc.state.resubmit')}
              </Button>
            ) : view.status === 'verified' ? (
              <ButtonLink to="/loan" size="sm" variant="secondary" data-testid="kyc-to-loan">
                {t('kyc.state.toLoans')}
              </ButtonLink>
            ) : null
          }
        />
        {canSubmit && !demo ? (
          <KycForm
            key={view.application?.id ?? 'new'}
            previous={view.application}
            onCancel={view.status === 'failed' ? () => setResubmitting(false) : undefined}
          />
        ) : null}
      </>
    );
  }

  return (
    <Page title={t('kyc.page.title')} subtitle={t('kyc.page.subtitle')}>
      <div className="kyc-page" data-testid="kyc-page">
        <DemoNotice />
        <Section>{body}</Section>
        <Section title={t('kyc.page.howTitle')}>
          <Steps
            items={[
              { Icon: IconUser, title: t('kyc.page.how.detailsTitle'), text: t('kyc.page.how.detailsText') },
              { Icon: IconDocument, title: t('kyc.page.how.photosTitle'), text: t('kyc.page.how.photosText') },
              { Icon: IconShield, title: t('kyc.page.how.reviewTitle'), text: t('kyc.page.how.reviewText') },
            ]}
          />
        </Section>
      </div>
    </Page>
  );
}

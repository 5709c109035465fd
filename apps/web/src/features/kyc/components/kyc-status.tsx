import type { KycView } from '@openbourse/contracts/kyc.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlert, IconCheck, IconInfo, IconShield } from '@/shared/components/icons';
import { useFormat } from '@/shared/hooks/use-format';

/** Where the user's verification stands, in words: what happens next, by when, or why it failed. */
export function KycStatus({ view, action }: { view: KycView; action?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const app = view.application;
  const Icon =
    view.status === 'verified'
      ? IconCheck
      : view.status === 'failed'
        ? IconAlert
        : view.status === 'pending'
          ? IconInfo
          : IconShield;
  let text: ReactNode;
  if (view.status === 'pending') {
    text = t('kyc.state.pendingText', {
      date: app ? format.dateTime(new Date(app.reviewBy).toISOString()) : '',
    });
  } else if (view.status === 'verified') {
    text = app
      ? t('kyc.state.verifiedText', { name: `${app.firstName} ${app.lastName}` })
      : t('kyc.state.verifiedPlain');
  } else if (view.status === 'failed') {
    text = t('kyc.state.failedText');
  } else {
    text = t('kyc.state.noneText');
  }
  return (
    <div className={`kyc-status kyc-status--${view.status}`} data-testid="kyc-status" data-status={view.status}>
      <Icon className="kyc-status__icon" />
      <div className="kyc-status__body">
        <p className="kyc-status__title">{t(`kyc.state.${view.status}Title`)}</p>
        <p className="kyc-status__text">{text}</p>
        {view.status === 'failed' && app?.reason ? (
          <p className="kyc-status__reason" data-testid="kyc-reason">
            {t('kyc.state.reason', { reason: app.reason })}
          </p>
        ) : null}
        {app && view.status !== 'none' ? (
          <p className="kyc-status__meta">
            {t('kyc.state.submittedAt', { date: format.dateTime(new Date(app.submittedAt).toISOString()) })}
          </p>
        ) : null}
        {action ? <div className="kyc-status__action">{action}</div> : null}
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconCopy, IconGift, IconUsers, IconCoins } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton } from '@/shared/components/skeleton';
import { useCopy } from '@/shared/hooks/use-copy';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import { useInviteSummary } from '../invite/api';
import { QrCode } from '@/shared/components/qr-code';
import { InviteRuleCard } from '../invite/invite-rule';
import { InviteesList } from '../invite/invitees-list';
import { inviteLink } from '../lib/invite-link';
import '../profile.css';
import '../invite/invite.css';

export default function InviteRoute() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const copy = useCopy();
  const summary = useInviteSummary();
  useDocumentTitle(t('invite.title'));
  const code = user?.inviteCode || summary.data?.code || '';
  const link = code ? inviteLink(window.location.origin, code) : '';
  const steps = [
    { Icon: IconCopy, title: t('invite.steps.share'), text: t('invite.steps.shareText') },
    { Icon: IconUsers, title: t('invite.steps.join'), text: t('invite.steps.joinText') },
    { Icon: IconCoins, title: t('invite.steps.trade'), text: t('invite.steps.tradeText') },
  ];
  return (
    <Page title={t('invite.title')} subtitle={t('invite.subtitle')}>
      <section className="card invite-hero">
        {link ? (
          <QrCode text={link} label={t('invite.qr')} size={156} className="invite-qr" testId="invite-qr" />
        ) : (
          <span className="invite-hero__icon">
            <IconGift />
          </span>
        )}
        <div className="invite-hero__fields">
          <div className="copy-field">
            <span className="copy-field__label">{t('invite.code')}</span>
            <div className="copy-field__row">
              <span className="copy-field__value copy-field__value--code" data-testid="invite-code">
                {code || <Skeleton width="6em" />}
              </span>
              <Button
                variant="secondary"
                size="sm"
                icon={<IconCopy />}
                onClick={() => void copy(code)}
                disabled={!code}
                data-testid="invite-copy-code"
              >
                {t('common.copy')}
              </Button>
            </div>
          </div>
          <div className="copy-field">
            <span className="copy-field__label">{t('invite.link')}</span>
            <div className="copy-field__row">
              <span className="copy-field__value" dir="ltr" data-testid="invite-link">
                {link || <Skeleton width="14em" />}
              </span>
              <Button
                size="sm"
                icon={<IconCopy />}
                onClick={() => void copy(link)}
                disabled={!link}
                data-testid="invite-copy-link"
              >
                {t('common.copy')}
              </Button>
            </div>
          </div>
        </div>
      </section>
      <Section title={t('invite.rewardsTitle')}>
        {summary.data ? (
          <InviteRuleCard summary={summary.data} />
        ) : summary.isError ? (
          <QueryError error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <Skeleton height="5rem" />
        )}
      </Section>
      <Section title={t('invite.list.title')}>
        <InviteesList />
      </Section>
      <Section title={t('invite.howTitle')}>
        <ol className="steps">
          {steps.map(({ Icon, title, text }, i) => (
            <li key={title} className="steps__item">
              <span className="steps__icon">
                <Icon />
                <span className="steps__num">{i + 1}</span>
              </span>
              <div>
                <p className="steps__title">{title}</p>
                <p className="steps__text">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
    </Page>
  );
}

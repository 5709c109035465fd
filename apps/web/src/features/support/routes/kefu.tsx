import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useParam } from '@/shared/api/get-param';
import { EmptyState } from '@/shared/components/empty-state';
import { IconArrowRight, IconHeadset, IconHelp, IconMail, IconMegaphone } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import '../support.css';

export default function KefuRoute() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const email = useParam('support_email');
  useDocumentTitle(t('support.title'));
  return (
    <Page title={t('support.title')} subtitle={t('support.subtitle')}>
      <Section title={t('support.conversationTitle')}>
        {isLoggedIn ? (
          <EmptyState
            icon={<IconHeadset />}
            title={t('support.conversationEmpty')}
            text={email ? t('support.conversationEmailText', { email }) : t('support.conversationText')}
          />
        ) : (
          <LoginPrompt text={t('support.loginText')} />
        )}
      </Section>
      <Section title={t('support.channelsTitle')}>
        <ul className="support-channels">
          {email ? (
            <li>
              <a className="support-channel" href={`mailto:${email}`} data-testid="support-email">
                <IconMail className="support-channel__icon" />
                <span className="support-channel__body">
                  <span className="support-channel__title">{t('support.emailTitle')}</span>
                  <span className="support-channel__text">{email}</span>
                </span>
                <IconArrowRight className="support-channel__arrow" />
              </a>
            </li>
          ) : null}
          <li>
            <Link className="support-channel" to="/help/faq">
              <IconHelp className="support-channel__icon" />
              <span className="support-channel__body">
                <span className="support-channel__title">{t('help.faqTitle')}</span>
                <span className="support-channel__text">{t('help.faqText')}</span>
              </span>
              <IconArrowRight className="support-channel__arrow" />
            </Link>
          </li>
          <li>
            <Link className="support-channel" to="/help/notice">
              <IconMegaphone className="support-channel__icon" />
              <span className="support-channel__body">
                <span className="support-channel__title">{t('help.noticeTitle')}</span>
                <span className="support-channel__text">{t('help.noticeText')}</span>
              </span>
              <IconArrowRight className="support-channel__arrow" />
            </Link>
          </li>
        </ul>
      </Section>
      <p className="muted support-safety">{t('support.safety')}</p>
    </Page>
  );
}

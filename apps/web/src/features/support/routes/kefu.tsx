import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useParam } from '@/shared/api/get-param';
import { IconArrowRight, IconHelp, IconMail, IconMegaphone } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import { ChatPanel } from '../components/chat-panel';
import { ContactForm } from '../components/contact-form';
import '../support.css';

/** The help centre and the support address, for visitors. */
function Channels({ email }: { email: string | undefined }) {
  const { t } = useTranslation();
  return (
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
        <Link className="support-channel" to="/help" data-testid="support-help">
          <IconHelp className="support-channel__icon" />
          <span className="support-channel__body">
            <span className="support-channel__title">{t('support.helpCentreTitle')}</span>
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
  );
}

/**
 * /profile/kefu: a signed-in user's live conversation with support; a visitor gets the help centre,
 * a contact form (answered by email) and a way to sign in for the chat.
 */
export default function KefuRoute() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const email = useParam('support_email');
  useDocumentTitle(t('support.title'));
  if (isLoggedIn) {
    return (
      <Page title={t('support.title')} subtitle={t('support.subtitle')} className="kefu-page">
        <ChatPanel />
        <p className="muted support-safety">{t('support.safety')}</p>
      </Page>
    );
  }
  return (
    <Page title={t('support.title')} subtitle={t('support.subtitle')}>
      <Section title={t('support.contact.title')}>
        <ContactForm />
      </Section>
      <Section title={t('support.channelsTitle')}>
        <Channels email={email} />
      </Section>
      <Section title={t('support.conversationTitle')}>
        <LoginPrompt text={t('support.loginText')} />
      </Section>
      <p className="muted support-safety">{t('support.safety')}</p>
    </Page>
  );
}

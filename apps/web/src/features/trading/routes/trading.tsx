import { useTranslation } from 'react-i18next';
import { DemoNotice } from '@/shared/components/demo-notice';
import { EmptyState } from '@/shared/components/empty-state';
import { IconBolt, IconCoins, IconShield, IconSparkle, IconTrading, IconWallet } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { Steps } from '@/shared/components/steps';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import '../trading.css';

export default function TradingRoute() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  useDocumentTitle(t('trading.title'));
  const facts = [
    { Icon: IconBolt, title: t('trading.facts.termTitle'), text: t('trading.facts.termText') },
    { Icon: IconCoins, title: t('trading.facts.yieldTitle'), text: t('trading.facts.yieldText') },
    { Icon: IconShield, title: t('trading.facts.exitTitle'), text: t('trading.facts.exitText') },
  ];
  return (
    <Page title={t('trading.title')} subtitle={t('trading.subtitle')}>
      <DemoNotice />
      <ul className="fact-grid">
        {facts.map(({ Icon, title, text }) => (
          <li key={title} className="card fact">
            <Icon className="fact__icon" />
            <p className="fact__title">{title}</p>
            <p className="fact__text">{text}</p>
          </li>
        ))}
      </ul>
      <Section title={t('trading.plansTitle')}>
        <EmptyState icon={<IconTrading />} title={t('trading.plansEmpty')} text={t('trading.plansEmptyText')} />
      </Section>
      <Section title={t('trading.myPlansTitle')}>
        {isLoggedIn ? (
          <EmptyState icon={<IconSparkle />} title={t('trading.myPlansEmpty')} />
        ) : (
          <LoginPrompt text={t('trading.myPlansLogin')} />
        )}
      </Section>
      <Section title={t('trading.howTitle')}>
        <Steps
          items={[
            { Icon: IconTrading, title: t('trading.how.chooseTitle'), text: t('trading.how.chooseText') },
            { Icon: IconWallet, title: t('trading.how.investTitle'), text: t('trading.how.investText') },
            { Icon: IconCoins, title: t('trading.how.earnTitle'), text: t('trading.how.earnText') },
          ]}
        />
      </Section>
    </Page>
  );
}

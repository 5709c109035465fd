import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteName } from '@/shared/api/get-param';
import { ButtonLink } from '@/shared/components/button';
import {
  IconArrowRight,
  IconChart,
  IconCoins,
  IconDemo,
  IconLayers,
  IconLoan,
  IconNft,
  type IconProps,
  IconShield,
  IconSwap,
  IconTrading,
  IconWallet,
} from '@/shared/components/icons';
import { Page } from '@/shared/components/page';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import '../content.css';

type ProductKey = 'markets' | 'spot' | 'options' | 'smart' | 'loans' | 'nfts' | 'demo' | 'wallet';

const PRODUCTS: { key: ProductKey; to: string; Icon: ComponentType<IconProps> }[] = [
  { key: 'markets', to: '/market', Icon: IconChart },
  { key: 'spot', to: '/market', Icon: IconSwap },
  { key: 'options', to: '/market', Icon: IconLayers },
  { key: 'smart', to: '/trading', Icon: IconTrading },
  { key: 'loans', to: '/loan', Icon: IconLoan },
  { key: 'nfts', to: '/nfts', Icon: IconNft },
  { key: 'demo', to: '/profile', Icon: IconDemo },
  { key: 'wallet', to: '/cruuency', Icon: IconWallet },
];

type PrincipleKey = 'exact' | 'honest' | 'open';
const PRINCIPLES: { key: PrincipleKey; Icon: ComponentType<IconProps> }[] = [
  { key: 'exact', Icon: IconCoins },
  { key: 'honest', Icon: IconShield },
  { key: 'open', Icon: IconLayers },
];

export default function IntroductionRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  useDocumentTitle(t('intro.title', { site }));
  return (
    <Page title={t('intro.title', { site })} subtitle={t('intro.subtitle')} wide>
      <ul className="intro-grid">
        {PRODUCTS.map(({ key, to, Icon }) => (
          <li key={key} className="card intro-card">
            <span className="intro-card__icon">
              <Icon />
            </span>
            <h2 className="intro-card__title">{t(`intro.products.${key}.title`)}</h2>
            <p className="intro-card__text">{t(`intro.products.${key}.text`)}</p>
            <Link to={to} className="intro-card__link">
              {t(`intro.products.${key}.link`)}
              <IconArrowRight />
            </Link>
          </li>
        ))}
      </ul>
      <section className="intro-principles" aria-labelledby="intro-principles-title">
        <h2 className="intro-principles__title" id="intro-principles-title">
          {t('intro.principlesTitle')}
        </h2>
        <ul className="intro-principles__list">
          {PRINCIPLES.map(({ key, Icon }) => (
            <li key={key} className="intro-principle">
              <Icon className="intro-principle__icon" />
              <div>
                <h3 className="intro-principle__title">{t(`intro.principles.${key}.title`)}</h3>
                <p className="intro-principle__text">{t(`intro.principles.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="card intro-cta">
        <div>
          <h2 className="intro-cta__title">{t('intro.ctaTitle')}</h2>
          <p className="intro-cta__text">{t('intro.ctaText')}</p>
        </div>
        <ButtonLink to={isLoggedIn ? '/market' : '/pass/register'} size="lg">
          {isLoggedIn ? t('home.hero.ctaMarkets') : t('home.hero.ctaRegister')}
        </ButtonLink>
      </section>
      <p className="muted intro-risk">{t('home.risk')}</p>
    </Page>
  );
}

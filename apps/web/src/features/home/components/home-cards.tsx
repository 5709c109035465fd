import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  IconArrowRight,
  IconLoan,
  IconMarket,
  IconMegaphone,
  IconNft,
  type IconProps,
  IconTrading,
  IconUser,
} from '@/shared/components/icons';

type CardKey = 'notice' | 'account' | 'market' | 'loan' | 'trading' | 'nfts';

const CARDS: { key: CardKey; to: string; Icon: ComponentType<IconProps> }[] = [
  { key: 'market', to: '/market', Icon: IconMarket },
  { key: 'trading', to: '/trading', Icon: IconTrading },
  { key: 'loan', to: '/loan', Icon: IconLoan },
  { key: 'nfts', to: '/nfts', Icon: IconNft },
  { key: 'account', to: '/profile', Icon: IconUser },
  { key: 'notice', to: '/help/notice', Icon: IconMegaphone },
];

export function HomeCards() {
  const { t } = useTranslation();
  return (
    <section className="home-cards" aria-labelledby="home-cards-title">
      <h2 className="home-section-title" id="home-cards-title">
        {t('home.cards.title')}
      </h2>
      <ul className="home-cards__grid">
        {CARDS.map(({ key, to, Icon }) => (
          <li key={key}>
            <Link to={to} className={`home-card home-card--${key}`} data-testid={`home-card-${key}`}>
              <span className="home-card__icon">
                <Icon />
              </span>
              <span className="home-card__title">{t(`home.cards.${key}.title`)}</span>
              <span className="home-card__text">{t(`home.cards.${key}.text`)}</span>
              <IconArrowRight className="home-card__arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

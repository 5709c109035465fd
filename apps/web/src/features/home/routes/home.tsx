import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { safeExternalUrl, useParam, useSiteName } from '@/shared/api/get-param';
import { ButtonLink } from '@/shared/components/button';
import { IconPhone, IconArrowRight } from '@/shared/components/icons';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import { HomeCards } from '../components/home-cards';
import { HomeStats } from '../components/home-stats';
import { PinnedNoticeBanner } from '../components/pinned-notice';
import '../home.css';

function HeroArt() {
  // Decorative only: no prices or figures, so nothing here can be mistaken for market data.
  return (
    <div className="home-hero__art" aria-hidden="true">
      <svg viewBox="0 0 400 260" className="home-hero__chart" aria-hidden="true">
        <defs>
          <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#19c39c" stopOpacity=".32" />
            <stop offset="1" stopColor="#19c39c" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[52, 104, 156, 208].map((y) => (
          <line key={y} x1="0" x2="400" y1={y} y2={y} stroke="#22304a" strokeDasharray="4 6" />
        ))}
        <path
          d="M0 210 C40 200 60 170 100 176 S160 120 200 128 S260 70 300 84 S360 40 400 30 L400 260 L0 260 Z"
          fill="url(#hero-area)"
        />
        <path
          d="M0 210 C40 200 60 170 100 176 S160 120 200 128 S260 70 300 84 S360 40 400 30"
          fill="none"
          stroke="#19c39c"
          strokeWidth="3.5"
        />
        {[
          [40, 150, 40, 1],
          [80, 130, 46, 0],
          [120, 112, 38, 1],
          [160, 100, 52, 1],
          [200, 96, 30, 0],
          [240, 70, 44, 1],
          [280, 62, 36, 0],
          [320, 40, 48, 1],
          [360, 28, 34, 1],
        ].map(([x = 0, y = 0, h = 0, up]) => (
          <g key={x} opacity=".5">
            <line x1={x} x2={x} y1={y - 10} y2={y + h + 10} stroke={up ? '#19c39c' : '#f2546d'} strokeWidth="1.5" />
            <rect x={x - 6} y={y} width="12" height={h} rx="2" fill={up ? '#19c39c' : '#f2546d'} />
          </g>
        ))}
      </svg>
    </div>
  );
}

export default function HomeRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const downloadUrl = safeExternalUrl(useParam('down_url'));
  useDocumentTitle();

  return (
    <div className="home">
      <PinnedNoticeBanner />
      <section className="home-hero">
        <div className="home-hero__copy">
          <p className="home-hero__eyebrow">{t('home.hero.eyebrow')}</p>
          <h1 className="home-hero__title">{t('home.hero.title')}</h1>
          <p className="home-hero__subtitle">{t('home.hero.subtitle', { site })}</p>
          <div className="home-hero__actions">
            {isLoggedIn ? (
              <>
                <ButtonLink to="/market" size="lg">
                  {t('home.hero.ctaMarkets')}
                </ButtonLink>
                <ButtonLink to="/profile" size="lg" variant="secondary">
                  {t('home.hero.ctaAccount')}
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to="/pass/register" size="lg" data-testid="home-register">
                  {t('home.hero.ctaRegister')}
                </ButtonLink>
                <ButtonLink to="/pass/login" size="lg" variant="secondary">
                  {t('home.hero.ctaLogin')}
                </ButtonLink>
              </>
            )}
          </div>
          <div className="home-hero__links">
            {downloadUrl ? (
              <a
                className="home-hero__download"
                href={downloadUrl}
                rel="noopener noreferrer"
                data-testid="home-download"
              >
                <IconPhone />
                {t('home.hero.download')}
              </a>
            ) : null}
            <Link to="/introduction" className="home-hero__intro">
              {t('home.hero.introduction')}
              <IconArrowRight />
            </Link>
          </div>
        </div>
        <HeroArt />
      </section>
      <HomeStats />
      <HomeCards />
    </div>
  );
}

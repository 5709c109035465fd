import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSiteName } from '@/shared/api/get-param';
import { Button } from '@/shared/components/button';
import { sessionStore } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';

/** First visit on mobile: what the platform is, then Continue (register / home) or Skip (home). */
export function OnboardingBoard() {
  const { t } = useTranslation();
  const site = useSiteName();
  const navigate = useNavigate();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const finish = (to: string) => {
    sessionStore.dismissBoard();
    navigate(to);
  };
  return (
    <div className="board" role="dialog" aria-modal="true" aria-labelledby="board-title" data-testid="board">
      <div className="board__art" aria-hidden="true">
        <svg viewBox="0 0 320 180" className="board__chart" aria-hidden="true">
          <defs>
            <linearGradient id="board-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#19c39c" stopOpacity=".35" />
              <stop offset="1" stopColor="#19c39c" stopOpacity="0" />
            </linearGradient>
          </defs>
          <path
            d="M0 150 L40 128 L80 136 L120 96 L160 104 L200 62 L240 74 L280 34 L320 44 L320 180 L0 180 Z"
            fill="url(#board-fill)"
          />
          <path
            d="M0 150 L40 128 L80 136 L120 96 L160 104 L200 62 L240 74 L280 34 L320 44"
            fill="none"
            stroke="#19c39c"
            strokeWidth="4"
            strokeLinejoin="round"
          />
          {[40, 96, 152, 208, 264].map((x, i) => (
            <g key={x} opacity=".55">
              <line
                x1={x}
                x2={x}
                y1={30 + i * 6}
                y2={92 + i * 4}
                stroke={i % 2 ? '#f2546d' : '#19c39c'}
                strokeWidth="2"
              />
              <rect
                x={x - 6}
                y={44 + i * 5}
                width="12"
                height={28 - i * 2}
                rx="2"
                fill={i % 2 ? '#f2546d' : '#19c39c'}
              />
            </g>
          ))}
        </svg>
      </div>
      <div className="board__content">
        <p className="board__eyebrow">{t('board.eyebrow', { site })}</p>
        <h2 className="board__title" id="board-title">
          {t('board.title')}
        </h2>
        <p className="board__text">{t('board.text')}</p>
        <div className="board__actions">
          <Button
            size="lg"
            block
            onClick={() => finish(isLoggedIn ? '/' : '/pass/register')}
            data-testid="board-continue"
          >
            {t('board.continue')}
          </Button>
          <Button size="lg" variant="ghost" block onClick={() => finish('/')} data-testid="board-skip">
            {t('board.skip')}
          </Button>
        </div>
      </div>
    </div>
  );
}

import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavouriteIds, useToggleFavourite } from '@/shared/api/favourites';
import { errorMessage } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { IconStar } from './icons';
import { LoginPrompt } from './login-prompt';
import { Modal } from './modal';
import { toast } from './toast/toast-store';
import './favourite-star.css';

/**
 * The star that keeps an instrument among the user's favourites: a toggle button (its name says
 * what it stars, `aria-pressed` whether it is on). Signed out, it asks to log in instead.
 */
export function FavouriteStar({ instrumentId, code, name }: { instrumentId: number; code: string; name: string }) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.isLoggedIn);
  const favourites = useFavouriteIds();
  const toggle = useToggleFavourite();
  const [asking, setAsking] = useState(false);
  const on = loggedIn && favourites.has(instrumentId);

  const onClick = (event: MouseEvent) => {
    // Inside a clickable row: starring must not also open the instrument.
    event.stopPropagation();
    if (!loggedIn) {
      setAsking(true);
      return;
    }
    toggle.mutate({ instrumentId, code, on: !on }, { onError: (e) => toast.error(errorMessage(e)) });
  };

  return (
    <>
      <button
        type="button"
        className={`star-toggle ${on ? 'is-on' : ''}`.trim()}
        aria-pressed={on}
        aria-label={t('watchlist.star', { name })}
        title={on ? t('watchlist.starOn', { name }) : t('watchlist.starOff', { name })}
        onClick={onClick}
        data-testid={`favourite-${code}`}
      >
        <IconStar fill={on ? 'currentColor' : 'none'} />
      </button>
      <Modal open={asking} onClose={() => setAsking(false)} title={t('watchlist.loginTitle')} testId="favourite-login">
        <LoginPrompt text={t('watchlist.loginFavourites')} />
      </Modal>
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconBell } from '@/shared/components/icons';
import type { InstrumentActionProps } from '@/shared/components/instrument-actions';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Modal } from '@/shared/components/modal';
import { useSession } from '@/shared/session/use-session';
import { usePriceAlerts } from '../api/list-price-alerts';
import { PriceAlertDialog } from './price-alert-dialog';
import '../watchlist.css';

/**
 * The instrument header's "Price alert" button (given to the market feature by the app shell,
 * shared/components/instrument-actions): it counts the alerts waiting on the instrument and opens
 * the dialog; signed out, it asks to log in.
 */
export default function PriceAlertAction(props: InstrumentActionProps) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.isLoggedIn);
  const [open, setOpen] = useState(false);
  const alerts = usePriceAlerts();
  const waiting = loggedIn ? (alerts.data?.active.filter((a) => a.instrumentId === props.instrumentId) ?? []) : [];
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="alert-button"
        icon={<IconBell />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={waiting.length > 0 ? t('watchlist.alertButtonCount', { n: waiting.length }) : undefined}
        data-testid="alert-button"
      >
        {t('watchlist.alertButton')}
        {waiting.length > 0 ? (
          <span className="alert-button__count" aria-hidden="true" data-testid="alert-button-count">
            {waiting.length}
          </span>
        ) : null}
      </Button>
      {open && loggedIn ? (
        <PriceAlertDialog instrument={props} last={props.last} waiting={waiting} onClose={() => setOpen(false)} />
      ) : null}
      <Modal
        open={open && !loggedIn}
        onClose={() => setOpen(false)}
        title={t('watchlist.loginTitle')}
        testId="alert-login"
      >
        <LoginPrompt text={t('watchlist.loginAlerts')} />
      </Modal>
    </>
  );
}

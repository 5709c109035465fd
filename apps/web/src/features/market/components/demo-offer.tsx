import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/shared/components/button';
import { IconInfo } from '@/shared/components/icons';
import { useParam } from '@/shared/api/get-param';
import { useAccountModeSwitch } from '@/shared/components/account-mode-toggle';
import { useFormat } from '@/shared/hooks/use-format';
import { isDecimal } from '@/shared/lib/decimal';
import { safeStorage } from '@/shared/lib/storage';
import { useSession } from '@/shared/session/use-session';
import { useMarginAccount } from '../api/orders';

const DISMISSED = 'ob.demoOfferDismissed';
const storage = safeStorage(() => globalThis.sessionStorage);

/**
 * A newcomer whose real account holds nothing is offered the demo account (same prices, virtual
 * money) or a deposit, instead of a ticket that can only fail. Not shown in demo, when the operator
 * turned demo off, once the real account has money, or after "Not now" in this browser session.
 */
export function DemoOffer() {
  const { t } = useTranslation();
  const format = useFormat();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const { demo, disabled, toggle } = useAccountModeSwitch();
  const initial = useParam('demo_initial_balance');
  const { data: account } = useMarginAccount();
  const [dismissed, setDismissed] = useState(() => storage.get(DISMISSED) === '1');
  const empty = account?.mode === 'real' && !/[1-9]/.test(account.balance);
  if (!isLoggedIn || demo || disabled || dismissed || !empty) return null;
  return (
    <aside className="demo-offer" data-testid="demo-offer" aria-labelledby="demo-offer-title">
      <IconInfo className="demo-offer__icon" />
      <div className="demo-offer__text">
        <h2 id="demo-offer-title" className="demo-offer__title">
          {t('market.demoOffer.title')}
        </h2>
        <p>
          {initial && isDecimal(initial)
            ? t('market.demoOffer.text', { amount: format.money(initial) })
            : t('market.demoOffer.textPlain')}
        </p>
      </div>
      <div className="demo-offer__actions">
        <Button size="sm" onClick={toggle} data-testid="demo-offer-switch">
          {t('market.demoOffer.switch')}
        </Button>
        <ButtonLink to="/cruuency" size="sm" variant="secondary">
          {t('market.demoOffer.deposit')}
        </ButtonLink>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            storage.set(DISMISSED, '1');
            setDismissed(true);
          }}
          data-testid="demo-offer-dismiss"
        >
          {t('market.demoOffer.later')}
        </Button>
      </div>
    </aside>
  );
}

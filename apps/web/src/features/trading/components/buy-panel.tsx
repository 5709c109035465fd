import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { SmartProduct, TreasuryFigure } from '@openbourse/contracts/earn.ts';
import type { PlanTerms } from '@openbourse/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountModeSwitch } from '@/shared/components/account-mode-toggle';
import { Button } from '@/shared/components/button';
import { IconAlert, IconInfo } from '@/shared/components/icons';
import { useFormat } from '@/shared/hooks/use-format';
import { errorText } from '@/shared/i18n/i18n';
import { quote, treasuryShort } from '../lib/plan';
import { BuyDialog } from './buy-dialog';
import type { Choice } from './calculator';
import { useDays } from './use-share';

type Refusal = 'demo' | 'amount';

/**
 * The plan as chosen in the calculator and the button that buys it after a confirmation. Refused in
 * the page, before anything is sent: the demo account (with the switch to the real one, DESIGN §4),
 * an amount or term the product does not take, a yield the treasury cannot back (40059).
 */
export function BuyPanel({
  product,
  choice,
  terms,
  treasury,
  onInvalid,
  onBought,
}: {
  product: SmartProduct;
  choice: Choice;
  terms: PlanTerms | null;
  treasury: readonly TreasuryFigure[];
  /** The calculator is asked to say what is wrong with the amount. */
  onInvalid(): void;
  onBought(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const days = useDays();
  const { demo, toggle } = useAccountModeSwitch();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [confirming, setConfirming] = useState<PlanTerms | null>(null);
  const short = terms !== null && treasuryShort(treasury, product.currency, terms.totalIncome);
  // A refusal stands while its cause does: switching account or changing the amount clears it.
  const shown = refusal === 'demo' && !demo ? null : refusal === 'amount' && terms ? null : refusal;

  const onBuy = () => {
    if (demo) return setRefusal('demo');
    if (!terms) {
      onInvalid();
      return setRefusal('amount');
    }
    if (short) return;
    setRefusal(null);
    // The dates count from now: the figures are taken again as the dialog opens.
    setConfirming(quote(product, choice.amount, choice.days, Date.now()));
  };

  return (
    <div className="smart-buy" data-testid="smart-buy">
      {terms ? (
        <p className="smart-buy__summary" data-testid="smart-buy-summary">
          {t('trading.buy.summary', {
            amount: format.money(terms.principal, product.currency),
            term: days(terms.days),
            income: format.money(terms.totalIncome, product.currency),
          })}
        </p>
      ) : null}
      {short ? (
        <p className="notice-bar" role="note" data-testid="smart-buy-treasury">
          <IconInfo />
          <span>{errorText(ErrorCode.SmartTreasuryShort)}</span>
        </p>
      ) : null}
      {shown === 'demo' ? (
        <div className="notice-bar smart-buy__refusal" role="alert" data-testid="smart-buy-demo">
          <IconAlert />
          <span>{errorText(ErrorCode.DemoNotAllowed)}</span>
          <Button size="sm" onClick={toggle} data-testid="smart-buy-switch">
            {t('trading.buy.switchToReal')}
          </Button>
        </div>
      ) : null}
      {shown === 'amount' ? (
        <p className="notice-bar" role="alert" data-testid="smart-buy-error">
          <IconAlert />
          <span>{t('trading.buy.checkAmount')}</span>
        </p>
      ) : null}
      <Button size="lg" block onClick={onBuy} disabled={short && !demo} data-testid="smart-buy-submit">
        {t('trading.buy.submit')}
      </Button>
      <p className="form__note">{t('trading.buy.note')}</p>
      <BuyDialog
        product={product}
        amount={choice.amount.trim()}
        terms={confirming}
        onClose={() => setConfirming(null)}
        onBought={() => {
          setConfirming(null);
          onBought();
        }}
      />
    </div>
  );
}

import type { WithdrawalQuote } from '@openbourse/contracts/funding.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { Modal } from '@/shared/components/modal';
import type { WithdrawalMethod, WithdrawalNetwork } from './withdraw-form';
import { maskAccount } from './withdraw-list';
import { WithdrawQuote } from './withdraw-quote';

/** Where the money goes, as typed: an address, or a bank account. */
interface Target {
  address: string;
  bankHolder: string;
  bankAccount: string;
  bankType: string;
}

/** The last look before a withdrawal is asked for: where it goes, and the server's quote of it again. */
export function WithdrawConfirm({
  open,
  onClose,
  onConfirm,
  sending,
  method,
  network,
  target,
  quote,
}: {
  open: boolean;
  onClose(): void;
  onConfirm(): void;
  sending: boolean;
  method: WithdrawalMethod;
  network: WithdrawalNetwork;
  target: Target;
  quote: WithdrawalQuote | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('wallet.withdraw.confirm.title')} testId="withdraw-confirm">
      <div className="withdraw-confirm">
        <dl className="withdraw-confirm__target">
          {method === 'crypto' ? (
            <>
              <div>
                <dt>{t('wallet.withdraw.confirm.network')}</dt>
                <dd>
                  {network.currency} · {network.network}
                </dd>
              </div>
              <div>
                <dt>{t('wallet.withdraw.confirm.address')}</dt>
                <dd dir="ltr" className="withdraw-confirm__mono" data-testid="withdraw-confirm-address">
                  {target.address.trim()}
                </dd>
              </div>
            </>
          ) : (
            <>
              <div>
                <dt>{t('wallet.withdraw.bankHolder')}</dt>
                <dd data-testid="withdraw-confirm-holder">{target.bankHolder.trim()}</dd>
              </div>
              <div>
                <dt>{t('wallet.withdraw.bankAccount')}</dt>
                <dd dir="ltr" className="withdraw-confirm__mono" data-testid="withdraw-confirm-account">
                  {maskAccount(target.bankAccount.trim())}
                </dd>
              </div>
              <div>
                <dt>{t('wallet.withdraw.bankType')}</dt>
                <dd>{target.bankType.trim()}</dd>
              </div>
            </>
          )}
        </dl>
        <WithdrawQuote quote={quote} scale={network.scale} stacked testId="withdraw-confirm-quote" />
        <p className="wallet-note">{t('wallet.withdraw.confirm.note')}</p>
        <div className="withdraw-confirm__actions">
          <Button variant="secondary" onClick={onClose} data-testid="withdraw-confirm-cancel">
            {t('wallet.withdraw.confirm.cancel')}
          </Button>
          <Button loading={sending} onClick={onConfirm} data-testid="withdraw-confirm-submit">
            {t('wallet.withdraw.confirm.submit')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

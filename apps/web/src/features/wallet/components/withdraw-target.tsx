import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/shared/components/text-field';
import { NetworkPicker } from './network-picker';
import type { WithdrawalMethod, WithdrawalNetwork } from './withdraw-form';

export type TargetField = 'address' | 'bankHolder' | 'bankAccount' | 'bankType';

/**
 * Where a withdrawal goes, in the method's tab panel: an address on a coin's network, or a bank
 * account (with the currency it is paid in). `field` gives each input its value, error and handler.
 */
export function WithdrawTarget({
  method,
  current,
  crypto,
  bank,
  onChoose,
  field,
}: {
  method: WithdrawalMethod;
  current: WithdrawalNetwork | null;
  crypto: readonly WithdrawalNetwork[];
  bank: readonly WithdrawalNetwork[];
  onChoose: (currency: string, network: string) => void;
  field: (name: TargetField) => Omit<TextFieldProps, 'label'>;
}) {
  const { t } = useTranslation();
  if (!current) {
    return (
      <p className="wallet-note" data-testid="withdraw-method-unavailable">
        {t('wallet.withdraw.methodUnavailable')}
      </p>
    );
  }
  if (method === 'crypto') {
    return (
      <>
        <NetworkPicker
          networks={crypto}
          currency={current.currency}
          network={current.network}
          onChange={onChoose}
          testPrefix="withdraw"
        />
        <TextField
          {...field('address')}
          label={t('wallet.withdraw.address')}
          className="withdraw-form__mono"
          dir="ltr"
          autoCapitalize="none"
          maxLength={100}
          hint={t('wallet.withdraw.addressHint', { currency: current.currency, network: current.network })}
        />
      </>
    );
  }
  return (
    <>
      {bank.length > 1 ? (
        <NetworkPicker
          networks={bank}
          currency={current.currency}
          network={current.network}
          onChange={onChoose}
          testPrefix="withdraw-bank"
        />
      ) : (
        <p className="wallet-note withdraw-form__paid-in">
          {t('wallet.withdraw.paidIn', { currency: current.currency })}
        </p>
      )}
      <TextField {...field('bankHolder')} label={t('wallet.withdraw.bankHolder')} maxLength={100} />
      <TextField
        {...field('bankAccount')}
        label={t('wallet.withdraw.bankAccount')}
        className="withdraw-form__mono"
        dir="ltr"
        autoCapitalize="characters"
        maxLength={40}
      />
      <TextField {...field('bankType')} label={t('wallet.withdraw.bankType')} maxLength={100} />
    </>
  );
}

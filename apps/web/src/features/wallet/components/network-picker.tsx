import type { DepositNetwork } from '@openbourse/contracts/funding.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyIcon } from './currency-icon';

/** One row of segmented buttons: one choice of several, each an `aria-pressed` button. */
function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  render,
  testPrefix,
}: {
  label: string;
  options: readonly T[];
  value: T | undefined;
  onChange: (value: T) => void;
  render?: (value: T) => ReactNode;
  testPrefix: string;
}) {
  return (
    <fieldset className="deposit-choice">
      <legend className="deposit-choice__label">{label}</legend>
      <div className="deposit-choice__options">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className={`deposit-choice__item ${option === value ? 'is-active' : ''}`}
            aria-pressed={option === value}
            onClick={() => onChange(option)}
            data-testid={`${testPrefix}-${option}`}
          >
            {render ? render(option) : option}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The coin first, then its network: the networks offered are the chosen coin's (deposits' or withdrawals'). */
export function NetworkPicker({
  networks,
  currency,
  network,
  onChange,
  testPrefix = 'deposit',
}: {
  networks: readonly Pick<DepositNetwork, 'currency' | 'network'>[];
  currency: string | undefined;
  network: string | undefined;
  onChange: (currency: string, network: string) => void;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const currencies = [...new Set(networks.map((n) => n.currency))];
  const ofCurrency = networks.filter((n) => n.currency === currency).map((n) => n.network);
  const firstNetwork = (c: string) => networks.find((n) => n.currency === c)?.network ?? '';
  return (
    <div className="deposit-picker">
      <Segmented
        label={t('wallet.deposit.coin')}
        options={currencies}
        value={currency}
        onChange={(c) => onChange(c, firstNetwork(c))}
        render={(c) => (
          <>
            <CurrencyIcon code={c} />
            <span>{c}</span>
          </>
        )}
        testPrefix={`${testPrefix}-coin`}
      />
      <Segmented
        label={t('wallet.deposit.network')}
        options={ofCurrency}
        value={network}
        onChange={(n) => currency && onChange(currency, n)}
        testPrefix={`${testPrefix}-network`}
      />
    </div>
  );
}

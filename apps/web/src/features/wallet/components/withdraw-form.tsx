import { ErrorCode, SuccessCode } from '@openbourse/contracts/errors.ts';
import { BANK_NETWORK, type ListWithdrawalNetworksResult, WithdrawalRequest } from '@openbourse/contracts/funding.ts';
import { type ChangeEvent, type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/shared/components/button';
import { IconAlert, IconArrowRight } from '@/shared/components/icons';
import { QueryError } from '@/shared/components/query-error';
import { Tabs } from '@/shared/components/tabs';
import { PasswordField, TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { compareDecimal, isDecimal } from '@/shared/lib/decimal';
import { validate } from '@/shared/lib/validation';
import { useSession } from '@/shared/session/use-session';
import { twoFactorApi, useTwoFactorStatus } from '@/shared/twofactor/api';
import { type FactorState, initialFactor, proofOf, SecondFactorField } from '@/shared/twofactor/second-factor-field';
import { useWithdraw } from '../api/withdrawal';
import { useWithdrawQuote } from '../hooks/use-withdraw-quote';
import { limitLeft, maxWithdrawal } from '../lib/withdraw-max';
import { WithdrawConfirm } from './withdraw-confirm';
import { WithdrawQuote } from './withdraw-quote';
import { type TargetField, WithdrawTarget } from './withdraw-target';

export type WithdrawalMethod = 'crypto' | 'bank';
export type WithdrawalNetwork = ListWithdrawalNetworksResult['list'][number];

type Field = 'address' | 'bankHolder' | 'bankAccount' | 'bankType' | 'amount' | 'txPassword' | 'proof';
const FIELDS: readonly Field[] = ['address', 'bankHolder', 'bankAccount', 'bankType', 'amount', 'txPassword', 'proof'];
type Errors = Partial<Record<Field | 'form', string>>;
const fieldOf = (field: string | undefined): Field | 'form' =>
  FIELDS.includes(field as Field) ? (field as Field) : 'form';

/** Where the withdrawal password is set (the account settings page). */
export const TX_PASSWORD_PAGE = '/profile/info';

interface Values {
  address: string;
  bankHolder: string;
  bankAccount: string;
  bankType: string;
  amount: string;
  txPassword: string;
}
const EMPTY: Values = { address: '', bankHolder: '', bankAccount: '', bankType: '', amount: '', txPassword: '' };

/**
 * A withdrawal: to an address on a network or to a bank account, the amount (with the most the
 * balance and today's limit allow), the server's quote of it before confirming, and the withdrawal
 * password; confirmed in a dialog that repeats the quote.
 */
export function WithdrawForm({ networks }: { networks: readonly WithdrawalNetwork[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const idPrefix = useId();
  const hasTxPassword = useSession((s) => s.user?.hasWithdrawalPassword ?? true);
  const crypto = useMemo(() => networks.filter((n) => n.network !== BANK_NETWORK), [networks]);
  const bank = useMemo(() => networks.filter((n) => n.network === BANK_NETWORK), [networks]);
  const [method, setMethod] = useState<WithdrawalMethod>(crypto.length > 0 || bank.length === 0 ? 'crypto' : 'bank');
  const [choice, setChoice] = useState<{ currency: string; network: string } | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [noTxPassword, setNoTxPassword] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Once the user has a second factor, a withdrawal carries a current one (modules/twofactor).
  const factorMethods = useTwoFactorStatus().data?.methods ?? [];
  const factorKey = factorMethods.join(',');
  const [factor, setFactor] = useState<FactorState>(() => initialFactor([]));
  const [factorFor, setFactorFor] = useState('');
  if (factorFor !== factorKey) {
    setFactorFor(factorKey);
    setFactor(initialFactor(factorMethods));
  }
  const withdraw = useWithdraw();

  const offered = method === 'bank' ? bank : crypto;
  const [search] = useSearchParams();
  const asked = search.get('currency');
  // Until the user picks: the coin named in the link (/cruuency's rows), else the first offered.
  const current =
    offered.find((n) => n.currency === choice?.currency && n.network === choice?.network) ??
    offered.find((n) => n.currency === asked) ??
    offered[0] ??
    null;
  const amount = values.amount.trim();

  // The quote follows the typed amount after a pause; without a quotable amount, only the terms.
  const { quote, data: quoteData, current: quoteCurrent, pending: quotePending } = useWithdrawQuote(current, amount);

  // Another method or network: what was typed stays, the verdicts on the previous one go.
  const targetKey = current ? `${method}:${current.currency}:${current.network}` : method;
  const [checkedFor, setCheckedFor] = useState(targetKey);
  if (checkedFor !== targetKey) {
    setCheckedFor(targetKey);
    setErrors({});
    setConfirming(false);
  }

  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as Field];
      delete next.form;
      return next;
    });
  };
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  const proofField = () => {
    const proof = factorMethods.length ? proofOf(factor) : undefined;
    return proof ? { proof } : {};
  };

  const request = (): WithdrawalRequest | null => {
    if (!current) return null;
    const body: WithdrawalRequest =
      method === 'bank'
        ? {
            method,
            currency: current.currency,
            bankHolder: values.bankHolder,
            bankAccount: values.bankAccount,
            bankType: values.bankType,
            amount: values.amount,
            txPassword: values.txPassword,
            ...proofField(),
          }
        : {
            method,
            currency: current.currency,
            network: current.network,
            address: values.address,
            amount: values.amount,
            txPassword: values.txPassword,
            ...proofField(),
          };
    const checked = validate(WithdrawalRequest, body);
    const found: Errors = {};
    for (const [field, text] of Object.entries(checked.errors ?? {})) found[fieldOf(field)] ??= text;
    // What the server would refuse, said before sending (it checks all of it again).
    if (method === 'crypto' && !values.address.trim()) found.address ??= errorText(ErrorCode.ReceivingAddressMissing);
    if (method === 'bank') {
      for (const field of ['bankHolder', 'bankAccount', 'bankType'] as const) {
        if (!values[field].trim()) found[field] ??= errorText(ErrorCode.BankFieldRequired);
      }
    }
    if (!found.amount && isDecimal(amount)) {
      const decimals = amount.split('.')[1]?.length ?? 0;
      if (decimals > current.scale) found.amount = errorText(ErrorCode.AmountWrong);
      else if (compareDecimal(amount, current.minWithdraw) < 0) {
        found.amount = errorText(ErrorCode.DepositBelowMinimum, {
          name: current.currency,
          limit: current.minWithdraw,
        });
      } else if (quoteData && compareDecimal(amount, limitLeft(quoteData, current.scale)) > 0) {
        found.amount = errorText(ErrorCode.WithdrawalAmountExceeded);
      } else if (quoteCurrent && quoteData?.total && compareDecimal(quoteData.total, quoteData.available) > 0) {
        found.amount = errorText(ErrorCode.BalanceInsufficient);
      }
    }
    if (factorMethods.length && !proofOf(factor)) found.proof ??= errorText(ErrorCode.TwoFactorRequired);
    if (!checked.data || Object.keys(found).length > 0) {
      showErrors(found);
      return null;
    }
    return checked.data as WithdrawalRequest;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    // The dialog opens once the quote of this very amount is in; without one (its error shown) it waits for a retry.
    if (request() && !(quote.error && !quoteData)) setConfirming(true);
  };

  const send = () => {
    const body = request();
    if (!body) {
      setConfirming(false);
      return;
    }
    withdraw.mutate(body, {
      onSuccess(answer) {
        toast.success(answer.msg || errorText(SuccessCode.WithdrawalSubmitted));
        setConfirming(false);
        setValues(EMPTY);
        setErrors({});
        setFactor(initialFactor(factorMethods));
      },
      onError(error) {
        setConfirming(false);
        // A code or passkey answer is single use: the next try asks for a fresh one.
        setFactor((f) => ({ ...f, code: '', passkey: null }));
        if (error instanceof ApiError && error.code === ErrorCode.WithdrawalPasswordNotSet) setNoTxPassword(true);
        // The server's text is in the user's language already; it goes on the field it names.
        const to = error instanceof ApiError && error.kind === 'server' ? fieldOf(error.field) : 'form';
        showErrors({ [to]: errorMessage(error) });
      },
    });
  };

  const fillMax = () => {
    if (!quoteData || !current) return;
    update({ amount: maxWithdrawal(quoteData, current.scale) });
  };

  const field = (name: TargetField | 'amount') => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => update({ [name]: e.target.value }),
    error: errors[name],
    testId: `withdraw-${name}`,
    autoComplete: 'off',
    spellCheck: false,
  });

  return (
    <form className="form withdraw-form" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      <Tabs
        idPrefix={`${idPrefix}-method`}
        label={t('wallet.withdraw.method')}
        value={method}
        onChange={(m) => {
          setMethod(m);
          setChoice(null);
        }}
        items={[
          { key: 'crypto', label: t('wallet.withdraw.methods.crypto'), testId: 'withdraw-method-crypto' },
          { key: 'bank', label: t('wallet.withdraw.methods.bank'), testId: 'withdraw-method-bank' },
        ]}
      />
      <div
        id={`${idPrefix}-method-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-method-tab-${method}`}
        className="withdraw-form__panel"
      >
        <WithdrawTarget
          method={method}
          current={current}
          crypto={crypto}
          bank={bank}
          onChoose={(currency, network) => setChoice({ currency, network })}
          field={field}
        />
      </div>
      {current ? (
        <>
          <TextField
            {...field('amount')}
            label={t('wallet.withdraw.amount')}
            inputMode="decimal"
            dir="ltr"
            hint={t('wallet.withdraw.amountHint', { amount: format.money(current.minWithdraw, current.currency) })}
            trailing={
              <>
                <button
                  type="button"
                  className="field__addon-button withdraw-form__max"
                  onClick={fillMax}
                  disabled={!quoteData}
                  title={t('wallet.withdraw.maxLabel')}
                  data-testid="withdraw-max"
                >
                  {t('wallet.withdraw.max')}
                </button>
                <span className="field__addon-text">{current.currency}</span>
              </>
            }
          />
          {quote.error && !quoteData ? (
            // Without a quote nothing is confirmed: say why, with a retry.
            <div className="withdraw-quote" data-testid="withdraw-quote-error">
              <QueryError error={quote.error} onRetry={() => void quote.refetch()} />
            </div>
          ) : (
            <WithdrawQuote quote={quoteData} scale={current.scale} loading={quotePending} />
          )}
          <PasswordField
            id={`${idPrefix}-txPassword`}
            name="txPassword"
            label={t('wallet.withdraw.txPassword')}
            value={values.txPassword}
            onChange={(e) => update({ txPassword: e.target.value })}
            error={errors.txPassword}
            testId="withdraw-txPassword"
            inputMode="numeric"
            autoComplete="off"
            maxLength={64}
            dir="ltr"
          />
          {factorMethods.length ? (
            <SecondFactorField
              idPrefix={`${idPrefix}-proof`}
              testId="withdraw-proof"
              methods={factorMethods}
              value={factor}
              onChange={(next) => {
                setFactor(next);
                setErrors((e) => ({ ...e, proof: '' }));
              }}
              passkeyOptions={twoFactorApi.stepUpPasskeyOptions}
              error={errors.proof}
            />
          ) : null}
          {noTxPassword || !hasTxPassword ? (
            <p className="withdraw-form__set-password" data-testid="withdraw-no-password">
              {noTxPassword ? null : <span>{t('wallet.withdraw.noPassword')}</span>}
              <Link to={TX_PASSWORD_PAGE} data-testid="withdraw-set-password">
                {t('wallet.withdraw.setPassword')}
                <IconArrowRight className="withdraw-form__arrow" />
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {errors.form ? (
        <p className="notice-bar withdraw-form__error" role="alert" data-testid="withdraw-form-error">
          <IconAlert />
          <span>{errors.form}</span>
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        block
        disabled={!current}
        loading={confirming && !quoteCurrent}
        data-testid="withdraw-submit"
      >
        {t('wallet.withdraw.submit')}
      </Button>
      {current ? (
        <WithdrawConfirm
          open={confirming && quoteCurrent}
          onClose={() => setConfirming(false)}
          onConfirm={send}
          sending={withdraw.isPending}
          method={method}
          network={current}
          target={values}
          quote={quoteData}
        />
      ) : null}
    </form>
  );
}

import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { type ExchangeQuote, ExchangeQuoteRequest } from '@openbourse/contracts/exchange.ts';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconAlert, IconSwap } from '@/shared/components/icons';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { compareDecimal, isDecimal } from '@/shared/lib/decimal';
import { validate } from '@/shared/lib/validation';
import type { Balance } from '../api/get-balances';
import { useConfirmExchange, useExchangeQuote } from '../api/exchange';
import { ExchangeQuotePanel } from './exchange-quote';

/** The other side's first choice: USDT for a coin, BTC (or the first coin) for USDT. */
function counterpart(from: string, currencies: readonly string[]): string {
  if (from !== 'USDT') return 'USDT';
  return currencies.includes('BTC') ? 'BTC' : (currencies.find((c) => c !== 'USDT') ?? 'USDT');
}

/**
 * The exchange: a currency held and an amount, the currency wanted, the server's quote of it (what
 * is paid and received, the rate with its spread, the ticks that priced it) and its confirmation
 * before the quote expires.
 */
export function ExchangeForm({ held, currencies }: { held: readonly Balance[]; currencies: readonly string[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const idPrefix = useId();
  const [search] = useSearchParams();
  // The currency named in the link (/cruuency's rows) when it is held, else USDT, else the first held.
  const initialFrom =
    held.find((b) => b.currency === search.get('currency'))?.currency ??
    held.find((b) => b.currency === 'USDT')?.currency ??
    held[0]?.currency ??
    'USDT';
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(() => counterpart(initialFrom, currencies));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<{ field: 'amount' | 'form'; text: string } | null>(null);
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [expired, setExpired] = useState(false);
  const ask = useExchangeQuote();
  const confirm = useConfirmExchange();

  const balance = held.find((b) => b.currency === from);
  const available = balance?.available ?? '0';
  const targets = currencies.filter((c) => c !== from);
  const canSwap = held.some((b) => b.currency === to);

  /** Any change of what is asked drops the quote and the verdicts on it. */
  const changed = () => {
    setQuote(null);
    setExpired(false);
    setError(null);
  };
  const pickFrom = (next: string) => {
    setFrom(next);
    if (next === to) setTo(counterpart(next, currencies));
    changed();
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    changed();
  };

  const requestQuote = () => {
    const checked = validate(ExchangeQuoteRequest, { from, to, amount });
    const text = Object.values(checked.errors ?? {})[0];
    if (!checked.data || text) {
      setError({ field: 'amount', text: text ?? errorText(ErrorCode.AmountWrong) });
      document.getElementById(`${idPrefix}-amount`)?.focus();
      return;
    }
    // What the server would refuse, said before asking (it checks it again, in one step with the debit).
    if (isDecimal(amount.trim()) && compareDecimal(amount.trim(), available) > 0) {
      setError({ field: 'amount', text: errorText(ErrorCode.BalanceInsufficient) });
      return;
    }
    setError(null);
    setExpired(false);
    ask.mutate(checked.data as ExchangeQuoteRequest, {
      onSuccess: setQuote,
      onError: (e) => {
        setQuote(null);
        setError({ field: e instanceof ApiError && e.field === 'amount' ? 'amount' : 'form', text: errorMessage(e) });
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ask.isPending) requestQuote();
  };

  const onConfirm = () => {
    if (!quote || confirm.isPending) return;
    confirm.mutate(
      { quoteId: quote.quoteId },
      {
        onSuccess: (done) => {
          toast.success(
            t('wallet.exchange.done', {
              paid: format.money(done.amount, done.from),
              received: format.money(done.receive, done.to),
            }),
          );
          setQuote(null);
          setAmount('');
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === ErrorCode.ExchangeQuoteExpired) setExpired(true);
          else {
            setQuote(null);
            setError({ field: 'form', text: errorMessage(e) });
          }
        },
      },
    );
  };

  return (
    <form className="form exchange-form" onSubmit={onSubmit} noValidate data-testid="exchange-form">
      <div className="exchange-form__pair">
        <label className="exchange-form__select">
          <span className="field__label">{t('wallet.exchange.from')}</span>
          <select value={from} onChange={(e) => pickFrom(e.target.value)} data-testid="exchange-from">
            {held.map((b) => (
              <option key={b.currency} value={b.currency}>
                {b.currency}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="exchange-form__swap"
          onClick={swap}
          disabled={!canSwap}
          aria-label={t('wallet.exchange.swap')}
          title={t('wallet.exchange.swap')}
          data-testid="exchange-swap"
        >
          <IconSwap />
        </button>
        <label className="exchange-form__select">
          <span className="field__label">{t('wallet.exchange.to')}</span>
          <select
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              changed();
            }}
            data-testid="exchange-to"
          >
            {targets.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TextField
        id={`${idPrefix}-amount`}
        name="amount"
        label={t('wallet.exchange.amount')}
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          changed();
        }}
        error={error?.field === 'amount' ? error.text : undefined}
        hint={t('wallet.exchange.available', { amount: format.money(available, from) })}
        testId="exchange-amount"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        maxLength={40}
        trailing={
          <>
            <button
              type="button"
              className="field__addon-button"
              onClick={() => {
                setAmount(available);
                changed();
              }}
              data-testid="exchange-max"
            >
              {t('wallet.exchange.max')}
            </button>
            <span className="field__addon-text">{from}</span>
          </>
        }
      />
      {error?.field === 'form' ? (
        <p className="notice-bar" role="alert" data-testid="exchange-form-error">
          <IconAlert />
          <span>{error.text}</span>
        </p>
      ) : null}
      {quote ? (
        <ExchangeQuotePanel
          quote={quote}
          confirming={confirm.isPending}
          expired={expired}
          onConfirm={onConfirm}
          onRefresh={requestQuote}
        />
      ) : (
        <Button type="submit" size="lg" block loading={ask.isPending} data-testid="exchange-get-quote">
          {t('wallet.exchange.getQuote')}
        </Button>
      )}
    </form>
  );
}

import type { MarketInfo } from '@openbourse/contracts/market.ts';
import type { OptionDirection, OptionSeries } from '@openbourse/contracts/options.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconInfo } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { TextField } from '@/shared/components/text-field';
import { trimDecimal } from '@/shared/lib/decimal';
import { errorMessage } from '@/shared/lib/api-client';
import { toast } from '@/shared/components/toast/toast-store';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { useQuoteOptions } from '../api/options';
import { useServerClockFrom } from '@/shared/hooks/use-now';
import { bpsToFraction } from '../lib/option-figures';
import { amountProblem } from '../lib/option-math';
import { useOptionFormat } from './option-parts';
import { QuoteDialog } from './quote-dialog';

export interface OptionChoice {
  period: number;
  direction: OptionDirection;
  amount: string;
}

/** The options ticket of one series: period, direction and premium, then a quote to confirm. */
export function OptionsTicket({ series, info }: { series: OptionSeries; info: MarketInfo }) {
  const { t } = useTranslation();
  const f = useOptionFormat();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const accountMode = useSession((s) => s.accountMode);
  const [choice, setChoice] = useState<OptionChoice>({
    period: series.periods[0] ?? 0,
    direction: 'call',
    amount: trimDecimal(series.minAmount),
  });
  const [dialogOpen, setDialogOpen] = useState(false);
  // The quote's countdown is on the server's clock: learnt from this instrument's ticks meanwhile.
  useServerClockFrom(info.id);
  const quote = useQuoteOptions();
  const period = series.periods.includes(choice.period) ? choice.period : (series.periods[0] ?? 0);
  const problem = amountProblem(choice.amount, series);
  const range = { min: f.money(series.minAmount, series.currency), max: f.money(series.maxAmount, series.currency) };
  const set = <K extends keyof OptionChoice>(key: K, value: OptionChoice[K]) =>
    setChoice((c) => ({ ...c, [key]: value }));

  const requestQuote = async () => {
    try {
      await quote.mutateAsync({
        seriesId: series.id,
        period,
        direction: choice.direction,
        amount: choice.amount.trim(),
      });
      setDialogOpen(true);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form
      className="ticket opt-ticket"
      data-testid="options-ticket"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem && series.tradable && isLoggedIn) void requestQuote();
      }}
    >
      <fieldset className="opt-fieldset">
        <legend className="opt-legend">{t('options.ticket.period')}</legend>
        <div className="ticket__types">
          {series.periods.map((p) => (
            <button
              key={p}
              type="button"
              className={`period-switch__item ${p === period ? 'is-active' : ''}`}
              aria-pressed={p === period}
              onClick={() => set('period', p)}
              data-testid={`options-period-${p}`}
            >
              {f.period(p)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="opt-fieldset">
        <legend className="opt-legend">{t('options.ticket.direction')}</legend>
        <div className="ticket__sides">
          {(['call', 'put'] as const).map((d) => (
            <button
              key={d}
              type="button"
              className={`ticket__side ticket__side--${d === 'call' ? 'buy' : 'sell'} ${choice.direction === d ? 'is-active' : ''}`}
              aria-pressed={choice.direction === d}
              onClick={() => set('direction', d)}
              data-testid={`options-direction-${d}`}
            >
              {t(`options.direction.${d}`)}
            </button>
          ))}
        </div>
        <p className="opt-hint" data-testid="options-direction-text">
          {t(`options.ticket.${choice.direction}Text`)}
        </p>
      </fieldset>
      <TextField
        label={t('options.ticket.amount', { currency: series.currency })}
        inputMode="decimal"
        value={choice.amount}
        onChange={(e) => set('amount', e.target.value)}
        error={
          choice.amount.trim() && problem
            ? t(`options.ticket.errors.${problem}`, { ...range, scale: series.scale })
            : undefined
        }
        hint={t('options.ticket.amountHint', range)}
        testId="options-amount"
      />
      <dl className="ticket__preview" data-testid="options-series">
        <div>
          <dt>{t('options.ticket.volatility')}</dt>
          <dd className="num" data-testid="options-volatility">
            {series.volatility ? f.percent(series.volatility, 2) : t('options.ticket.volatilityNone')}
          </dd>
        </div>
        <div>
          <dt>{t('options.ticket.spread')}</dt>
          <dd className="num" data-testid="options-spread">
            {f.percent(bpsToFraction(series.spreadBps), 2)}
          </dd>
        </div>
        <div>
          <dt>{t('options.ticket.cap')}</dt>
          <dd className="num" data-testid="options-cap">
            {f.percent(series.capMove, 2)}
          </dd>
        </div>
      </dl>
      <p className="opt-hint">{t('options.ticket.model')}</p>
      {!series.tradable ? (
        <p className="market-note" data-testid="options-not-tradable">
          <IconInfo />
          {t('options.ticket.notTradable')}
        </p>
      ) : null}
      {isLoggedIn ? (
        <>
          <Button
            type="submit"
            block
            className={`ticket__submit ticket__submit--${choice.direction === 'call' ? 'buy' : 'sell'}`}
            disabled={Boolean(problem) || !series.tradable}
            loading={quote.isPending}
            data-testid="options-quote"
          >
            {t('options.ticket.getQuote')}
          </Button>
          <p className="ticket__mode" data-testid="options-mode">
            {accountMode === DEMO_ACCOUNT ? t('options.ticket.demoAccount') : t('options.ticket.realAccount')}
          </p>
        </>
      ) : (
        <LoginPrompt text={t('options.ticket.login')} />
      )}
      {dialogOpen && quote.data ? (
        <QuoteDialog
          quote={quote.data}
          info={info}
          requoting={quote.isPending}
          onRequote={() => void requestQuote()}
          onClose={() => setDialogOpen(false)}
        />
      ) : null}
    </form>
  );
}

import type { SmartProduct } from '@openbourse/contracts/earn.ts';
import type { PlanTerms } from '@openbourse/money';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/shared/components/text-field';
import { useFormat } from '@/shared/hooks/use-format';
import { type AmountProblem, amountErrorText } from '../lib/plan';
import { useDays, useShare } from './use-share';

export interface Choice {
  productId: number;
  amount: string;
  days: number;
}

export const defaultChoice = (p: SmartProduct): Choice => ({
  productId: p.id,
  amount: p.minAmount,
  days: p.terms[0]?.days ?? 0,
});

/**
 * The plan calculator: a product, an amount in its range and one of its terms; what the plan pays a
 * day and over the term, what it returns at maturity, and what leaving early would cost — computed
 * by the function the server uses, as if bought now.
 */
export function Calculator({
  products,
  product,
  choice,
  terms,
  problem,
  showProblem,
  onChange,
}: {
  products: readonly SmartProduct[];
  product: SmartProduct;
  choice: Choice;
  terms: PlanTerms | null;
  problem: AmountProblem | undefined;
  /** Whether to say what is wrong with the amount yet (after typing, or on buying). */
  showProblem: boolean;
  onChange(choice: Choice): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = useShare();
  const days = useDays();
  const money = (v: string) => format.money(v, product.currency);
  const amountError =
    showProblem && problem
      ? problem === 'range'
        ? t('trading.calc.outOfRange', { min: money(product.minAmount), max: money(product.maxAmount) })
        : amountErrorText(problem)
      : undefined;

  const figures: [string, string, string][] = terms
    ? [
        ['dailyYield', t('trading.columns.dailyYield'), share(terms.dailyYield)],
        ['dailyIncome', t('trading.calc.dailyIncome'), money(terms.dailyIncome)],
        ['totalIncome', t('trading.calc.totalIncome', { days: days(terms.days) }), money(terms.totalIncome)],
        ['maturesAt', t('trading.calc.maturesAt'), format.dateTime(new Date(terms.maturesAt).toISOString())],
        ['totalReturn', t('trading.calc.totalReturn'), money(terms.totalReturn)],
        ['exitCost', t('trading.calc.exitCost', { share: share(terms.exitPenalty) }), money(terms.exitCost)],
        ['exitReturn', t('trading.calc.exitReturn'), money(terms.exitReturn)],
      ]
    : [];

  return (
    <div className="smart-calc" data-testid="smart-calculator">
      <div className="smart-calc__inputs">
        {products.length > 1 ? (
          <div className="field">
            <label className="field__label" htmlFor="smart-product">
              {t('trading.calc.product')}
            </label>
            <div className="field__control">
              <select
                id="smart-product"
                className="field__input smart-select"
                value={product.id}
                onChange={(e) => {
                  const next = products.find((p) => p.id === Number(e.target.value));
                  if (next) onChange(defaultChoice(next));
                }}
                data-testid="smart-product"
              >
                {products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : null}
        <TextField
          id="smart-amount"
          label={t('trading.calc.amount')}
          value={choice.amount}
          onChange={(e) => onChange({ ...choice, amount: e.target.value })}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          error={amountError}
          hint={t('trading.calc.range', { min: money(product.minAmount), max: money(product.maxAmount) })}
          trailing={<span className="field__addon-text">{product.currency}</span>}
          testId="smart-amount"
        />
        <fieldset className="smart-terms">
          <legend className="field__label">{t('trading.calc.term')}</legend>
          <div className="smart-terms__options">
            {product.terms.map((term) => (
              <label
                key={term.days}
                className={`smart-terms__option ${choice.days === term.days ? 'is-active' : ''}`.trim()}
              >
                <input
                  type="radio"
                  name="smart-term"
                  value={term.days}
                  checked={choice.days === term.days}
                  onChange={() => onChange({ ...choice, days: term.days })}
                  data-testid={`smart-term-${term.days}`}
                />
                <span className="smart-terms__days">{days(term.days)}</span>
                <span className="smart-terms__yield">{t('trading.perDay', { share: share(term.dailyYield) })}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="smart-calc__result">
        {terms ? (
          <dl className="details smart-figures" data-testid="smart-figures">
            {figures.map(([key, label, value]) => (
              <div key={key} className={`details__row smart-figures__${key}`}>
                <dt>{label}</dt>
                <dd data-testid={`smart-figure-${key}`}>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="smart-calc__empty">{t('trading.calc.enterAmount')}</p>
        )}
        <p className="form__note" data-testid="smart-calc-note">
          {t('trading.calc.note')}
        </p>
      </div>
    </div>
  );
}

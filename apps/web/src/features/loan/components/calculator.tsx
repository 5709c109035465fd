import type { LoanProduct } from '@openbourse/contracts/loan.ts';
import type { LoanTerms } from '@openbourse/money';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/shared/components/text-field';
import { useFormat } from '@/shared/hooks/use-format';
import { formatPercentFromFraction } from '@/shared/lib/format';
import { useSession } from '@/shared/session/use-session';
import { type AmountProblem, amountErrorText } from '../lib/calculator';

export interface Choice {
  productId: number;
  amount: string;
  termDays: number;
}

/** A daily rate as a percentage, with every digit the product has ("0.0005" → "0.05%"). */
export function useRate() {
  const lang = useSession((s) => s.language);
  return (rate: string) => formatPercentFromFraction(rate, lang, 6);
}

/**
 * The loan calculator: a product, an amount in its range and one of its terms; the figures the
 * agreement will hold, computed by the function the server uses, as if approved now.
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
  products: readonly LoanProduct[];
  product: LoanProduct;
  choice: Choice;
  terms: LoanTerms | null;
  problem: AmountProblem | undefined;
  /** Whether to say what is wrong with the amount yet (after typing, or on applying). */
  showProblem: boolean;
  onChange(choice: Choice): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const rate = useRate();
  const money = (v: string) => format.money(v, product.currency);
  const amountError =
    showProblem && problem
      ? problem === 'range'
        ? t('loan.calc.outOfRange', { min: money(product.minAmount), max: money(product.maxAmount) })
        : amountErrorText(problem)
      : undefined;

  const figures: [string, string, string][] = terms
    ? [
        ['dailyRate', t('loan.columns.rate'), rate(terms.dailyRate)],
        ['freeDays', t('loan.columns.freeDays'), format.integer(terms.freeDays)],
        ['dailyInterest', t('loan.calc.dailyInterest'), money(terms.dailyInterest)],
        ['totalInterest', t('loan.calc.totalInterest'), money(terms.totalInterest)],
        ['repaymentDate', t('loan.calc.repaymentDate'), format.date(new Date(terms.repaymentDate).toISOString())],
        ['repaymentAmount', t('loan.calc.repaymentAmount'), money(terms.repaymentAmount)],
        ['totalRepayment', t('loan.calc.totalRepayment'), money(terms.totalRepayment)],
      ]
    : [];

  return (
    <div className="loan-calc" data-testid="loan-calculator">
      <div className="loan-calc__inputs">
        {products.length > 1 ? (
          <div className="field">
            <label className="field__label" htmlFor="loan-product">
              {t('loan.calc.product')}
            </label>
            <div className="field__control">
              <select
                id="loan-product"
                className="field__input loan-select"
                value={product.id}
                onChange={(e) => {
                  const next = products.find((p) => p.id === Number(e.target.value));
                  if (next) onChange({ productId: next.id, amount: next.minAmount, termDays: next.termDays[0] ?? 0 });
                }}
                data-testid="loan-product"
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
          id="loan-amount"
          label={t('loan.calc.amount')}
          value={choice.amount}
          onChange={(e) => onChange({ ...choice, amount: e.target.value })}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          error={amountError}
          hint={t('loan.calc.range', { min: money(product.minAmount), max: money(product.maxAmount) })}
          trailing={<span className="field__addon-text">{product.currency}</span>}
          testId="loan-amount"
        />
        <fieldset className="loan-terms">
          <legend className="field__label">{t('loan.calc.term')}</legend>
          <div className="loan-terms__options">
            {product.termDays.map((d) => (
              <label key={d} className={`loan-terms__option ${choice.termDays === d ? 'is-active' : ''}`.trim()}>
                <input
                  type="radio"
                  name="loan-term"
                  value={d}
                  checked={choice.termDays === d}
                  onChange={() => onChange({ ...choice, termDays: d })}
                  data-testid={`loan-term-${d}`}
                />
                <span>{t('loan.days', { days: format.integer(d) })}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="loan-calc__result">
        {terms ? (
          <dl className="details loan-figures" data-testid="loan-figures">
            {figures.map(([key, label, value]) => (
              <div key={key} className={`details__row loan-figures__${key}`}>
                <dt>{label}</dt>
                <dd data-testid={`loan-figure-${key}`}>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="loan-calc__empty">{t('loan.calc.enterAmount')}</p>
        )}
        <p className="form__note">{t('loan.calc.datesNote')}</p>
      </div>
    </div>
  );
}

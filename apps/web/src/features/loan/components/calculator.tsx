import type { LoanProduct } from '@openbourse/contracts/loan.ts';
import type { LoanTerms } from '@openbourse/money';
import { useTranslation } from 'react-i18next';
import { FigureList, ProductSelect, TermChips } from '@/shared/components/calculator-parts';
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
        <ProductSelect
          id="loan-product"
          label={t('loan.calc.product')}
          products={products}
          value={product.id}
          onChange={(next) => onChange({ productId: next.id, amount: next.minAmount, termDays: next.termDays[0] ?? 0 })}
        />
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
        <TermChips
          name="loan-term"
          legend={t('loan.calc.term')}
          terms={product.termDays.map((d) => ({
            days: d,
            label: <span>{t('loan.days', { days: format.integer(d) })}</span>,
          }))}
          value={choice.termDays}
          onChange={(d) => onChange({ ...choice, termDays: d })}
        />
      </div>
      <div className="loan-calc__result">
        {terms ? (
          <FigureList prefix="loan" figures={figures} />
        ) : (
          <p className="loan-calc__empty">{t('loan.calc.enterAmount')}</p>
        )}
        <p className="form__note">{t('loan.calc.datesNote')}</p>
      </div>
    </div>
  );
}

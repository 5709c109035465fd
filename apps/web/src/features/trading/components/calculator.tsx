import type { SmartProduct } from '@openbourse/contracts/earn.ts';
import type { PlanTerms } from '@openbourse/money';
import { useTranslation } from 'react-i18next';
import { FigureList, ProductSelect, TermChips } from '@/shared/components/calculator-parts';
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
        <ProductSelect
          id="smart-product"
          label={t('trading.calc.product')}
          products={products}
          value={product.id}
          onChange={(next) => onChange(defaultChoice(next))}
        />
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
        <TermChips
          name="smart-term"
          legend={t('trading.calc.term')}
          terms={product.terms.map((term) => ({
            days: term.days,
            label: (
              <>
                <span className="smart-terms__days">{days(term.days)}</span>
                <span className="smart-terms__yield">{t('trading.perDay', { share: share(term.dailyYield) })}</span>
              </>
            ),
          }))}
          value={choice.days}
          onChange={(d) => onChange({ ...choice, days: d })}
        />
      </div>
      <div className="smart-calc__result">
        {terms ? (
          <FigureList prefix="smart" figures={figures} />
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

import type { ReactNode } from 'react';
import './calculator-parts.css';

/**
 * The parts a product calculator is made of (/loan, /trading): the product menu (shown when there
 * is more than one), the terms as radio chips, and the computed figures as a details list.
 */

export function ProductSelect<P extends { id: number; name: string }>({
  id,
  label,
  products,
  value,
  onChange,
}: {
  /** The control's id; also its test id. */
  id: string;
  label: string;
  products: readonly P[];
  value: number;
  onChange(product: P): void;
}) {
  if (products.length < 2) return null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select
          id={id}
          className="field__input calc-select"
          value={value}
          onChange={(e) => {
            const next = products.find((p) => p.id === Number(e.target.value));
            if (next) onChange(next);
          }}
          data-testid={id}
        >
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** One term to choose: its number of days and what the chip says. */
export interface TermChip {
  days: number;
  label: ReactNode;
}

export function TermChips({
  name,
  legend,
  terms,
  value,
  onChange,
}: {
  /** The radio group's name; each radio's test id is `${name}-${days}`. */
  name: string;
  legend: string;
  terms: readonly TermChip[];
  value: number;
  onChange(days: number): void;
}) {
  return (
    <fieldset className="term-chips">
      <legend className="field__label">{legend}</legend>
      <div className="term-chips__options">
        {terms.map((term) => (
          <label key={term.days} className={`term-chips__option ${value === term.days ? 'is-active' : ''}`.trim()}>
            <input
              type="radio"
              name={name}
              value={term.days}
              checked={value === term.days}
              onChange={() => onChange(term.days)}
              data-testid={`${name}-${term.days}`}
            />
            {term.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The calculator's figures: [key, label, value] rows; test ids `${prefix}-figures`, `${prefix}-figure-${key}`. */
export function FigureList({ prefix, figures }: { prefix: string; figures: readonly [string, string, string][] }) {
  return (
    <dl className={`details ${prefix}-figures`} data-testid={`${prefix}-figures`}>
      {figures.map(([key, label, value]) => (
        <div key={key} className={`details__row ${prefix}-figures__${key}`}>
          <dt>{label}</dt>
          <dd data-testid={`${prefix}-figure-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

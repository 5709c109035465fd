import type { ReactNode, SelectHTMLAttributes } from 'react';

/** A labelled select drawn like the text fields, with its error or hint below. */
export function SelectField({
  id,
  label,
  error,
  hint,
  testId,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  testId?: string;
  children: ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`.trim()}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select
          id={id}
          className="field__input kyc-select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...select}
        >
          {children}
        </select>
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Fund the earn treasury: currency, amount and a memo, then a second step restating the amount and
 * what the treasury will hold before anything moves. House money goes from the platform treasury
 * into the earn treasury; the transfer is audited with the memo.
 */
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, Facts, TextArea, TextField } from '@/shared/components';
import { addDecimals, formatDecimal } from '@/shared/format';
import { fundTreasury, type TreasuryFundInput, type TreasuryRow } from './earn-treasury-api';

type Figures = Awaited<ReturnType<typeof fundTreasury>>;

const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

function localErrors(f: TreasuryFundInput): Partial<Record<keyof TreasuryFundInput, string>> {
  const e: Partial<Record<keyof TreasuryFundInput, string>> = {};
  if (!/^[A-Z0-9]{2,12}$/.test(f.currency)) e.currency = 'A currency code, e.g. USDT';
  if (!DECIMAL.test(f.amount) || !/[1-9]/.test(f.amount)) e.amount = 'A number above 0';
  else if (f.amount.length > 40) e.amount = 'At most 40 characters';
  if (f.memo.length < 3) e.memo = 'Say why, in 3 to 200 characters';
  return e;
}

export function FundDialog({
  rows,
  onClose,
  onFunded,
}: {
  /** The treasury's currencies now: offered as choices, and the balance after funding is restated. */
  rows: TreasuryRow[];
  onClose: () => void;
  /** With what was sent and the treasury's figures after. */
  onFunded: (input: TreasuryFundInput, figures: Figures) => void;
}) {
  const currenciesId = useId();
  const [form, setForm] = useState({ currency: rows[0]?.currency ?? 'USDT', amount: '', memo: '' });
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [tried, setTried] = useState(false);
  const input: TreasuryFundInput = {
    currency: form.currency.trim(),
    amount: form.amount.trim(),
    memo: form.memo.trim(),
  };
  const fund = useMutation({ mutationFn: () => fundTreasury(input), onSuccess: (figures) => onFunded(input, figures) });
  const errors = localErrors(input);
  const serverField = fund.error instanceof ApiError ? fund.error.field : undefined;
  const errorOf = (k: keyof TreasuryFundInput) =>
    (tried ? errors[k] : undefined) ??
    (serverField === k && fund.error instanceof ApiError ? fund.error.message : undefined);
  const row = rows.find((r) => r.currency === input.currency);
  const amountText = `${formatDecimal(input.amount)} ${input.currency}`;

  function review(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length === 0) {
      fund.reset();
      setStep('confirm');
    }
  }

  function confirm(e: FormEvent) {
    e.preventDefault();
    fund.mutate(undefined, {
      // A refused field goes back to the form, said under itself.
      onError: (error) => {
        if (error instanceof ApiError && error.field && error.field in form) setStep('edit');
      },
    });
  }

  return (
    <Dialog title="Fund the earn treasury" open onClose={onClose}>
      {step === 'edit' ? (
        <form className="form" onSubmit={review} noValidate>
          <p className="muted">
            Moves house money from the platform treasury into the earn treasury, which pays the plans’ daily yields. A
            plan is sold only if the earn treasury can set aside its whole yield.
          </p>
          <TextField
            label="Currency"
            list={currenciesId}
            value={form.currency}
            onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })}
            error={errorOf('currency')}
          />
          <datalist id={currenciesId}>
            {rows.map((r) => (
              <option key={r.currency} value={r.currency} />
            ))}
          </datalist>
          <TextField
            label="Amount"
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: e.target.value })}
            error={errorOf('amount')}
            hint={row ? `Available now: ${formatDecimal(row.available)} ${row.currency}` : undefined}
          />
          <TextArea
            label="Memo (kept in the audit log)"
            value={form.memo}
            minLength={3}
            maxLength={200}
            rows={2}
            onChange={(e) => setForm({ ...form, memo: e.target.value })}
            error={errorOf('memo')}
          />
          {serverField && serverField in form ? null : <ErrorNote error={fund.error} />}
          <div className="form__buttons">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Review</Button>
          </div>
        </form>
      ) : (
        <form className="form" onSubmit={confirm}>
          <p>
            Move <strong>{amountText}</strong> from the platform treasury into the earn treasury?
          </p>
          <Facts
            items={[
              ['Amount', amountText],
              [
                'Available after',
                row ? `${formatDecimal(addDecimals(row.available, input.amount))} ${row.currency}` : amountText,
              ],
              ['Memo', input.memo],
            ]}
          />
          <ErrorNote error={fund.error} />
          <div className="form__buttons">
            <Button variant="secondary" disabled={fund.isPending} onClick={() => setStep('edit')}>
              Back
            </Button>
            <Button type="submit" loading={fund.isPending}>
              Fund {amountText}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

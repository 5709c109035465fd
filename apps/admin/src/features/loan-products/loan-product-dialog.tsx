/**
 * Create or edit a loan product: names (English required, the others optional), currency, amount
 * range, terms, daily rate, interest-free days, loans at once and the amount from which a verified
 * identity is required. Saved whole; a refused field says so under itself. Loans already applied
 * for keep the terms they were signed with.
 */
import { LANGUAGE_NAMES, LANGUAGES } from '@openbourse/contracts/languages.ts';
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, TextField, Toggle } from '@/shared/components';
import { formatPercent } from '@/shared/format';
import { type LoanProduct, type LoanProductInput, saveProduct } from './loan-products-api';
import './loan-products.css';

const isDecimal = (s: string) => /^\d+(\.\d+)?$/.test(s.trim());
const isPositive = (s: string) => isDecimal(s) && /[1-9]/.test(s);
const isInt = (s: string) => /^\d{1,4}$/.test(s.trim());

interface Form {
  names: Record<string, string>;
  currency: string;
  minAmount: string;
  maxAmount: string;
  termDays: string;
  dailyRate: string;
  freeDays: string;
  maxActive: string;
  kycFrom: string;
  enabled: boolean;
  sort: string;
}

const EMPTY: Form = {
  names: { en: '' },
  currency: 'USDT',
  minAmount: '100',
  maxAmount: '5000',
  termDays: '7, 14, 30',
  dailyRate: '0.0005',
  freeDays: '3',
  maxActive: '2',
  kycFrom: '0',
  enabled: true,
  sort: '0',
};

const formOf = (p: LoanProduct): Form => ({
  names: { ...p.names },
  currency: p.currency,
  minAmount: p.minAmount,
  maxAmount: p.maxAmount,
  termDays: p.termDays.join(', '),
  dailyRate: p.dailyRate,
  freeDays: String(p.freeDays),
  maxActive: String(p.maxActive),
  kycFrom: p.kycFrom,
  enabled: p.enabled,
  sort: String(p.sort),
});

const terms = (s: string) =>
  s
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((x) => (/^\d{1,4}$/.test(x) ? Number(x) : Number.NaN));

/** What the server would refuse, said on the field before sending. */
function localErrors(f: Form): Partial<Record<string, string>> {
  const e: Partial<Record<string, string>> = {};
  if (!f.names.en?.trim()) e['names.en'] = 'The English name is required';
  if (!/^[A-Z0-9]{2,12}$/.test(f.currency.trim())) e.currency = 'A currency code, e.g. USDT';
  if (!isPositive(f.minAmount)) e.minAmount = 'A number above 0';
  if (!isPositive(f.maxAmount)) e.maxAmount = 'A number above 0';
  if (!isDecimal(f.kycFrom)) e.kycFrom = 'A number, 0 for every loan';
  const t = terms(f.termDays);
  if (t.length === 0 || t.length > 12 || t.some((d) => !Number.isInteger(d) || d < 1)) {
    e.termDays = 'Days separated by commas, e.g. 7, 14, 30';
  }
  if (!/^0(\.\d{1,8})?$/.test(f.dailyRate.trim()))
    e.dailyRate = 'A fraction below 1 with up to 8 decimals, e.g. 0.0005';
  if (!isInt(f.freeDays)) e.freeDays = 'Whole days, 0 or more';
  if (!isInt(f.maxActive) || Number(f.maxActive) < 1 || Number(f.maxActive) > 100) e.maxActive = '1 to 100';
  if (!isInt(f.sort)) e.sort = 'A whole number';
  return e;
}

function inputOf(f: Form): LoanProductInput {
  const names = Object.fromEntries(
    Object.entries(f.names)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v),
  );
  return {
    names,
    currency: f.currency.trim(),
    minAmount: f.minAmount.trim(),
    maxAmount: f.maxAmount.trim(),
    termDays: [...new Set(terms(f.termDays))].sort((a, b) => a - b),
    dailyRate: f.dailyRate.trim(),
    freeDays: Number(f.freeDays),
    maxActive: Number(f.maxActive),
    kycFrom: f.kycFrom.trim(),
    enabled: f.enabled,
    sort: Number(f.sort),
  };
}

export function LoanProductDialog({
  product,
  onClose,
  onSaved,
}: {
  /** null: a new product. */
  product: LoanProduct | null;
  onClose: () => void;
  onSaved: (p: LoanProduct) => void;
}) {
  const [form, setForm] = useState<Form>(product ? formOf(product) : EMPTY);
  const [tried, setTried] = useState(false);
  const save = useMutation({ mutationFn: () => saveProduct(inputOf(form), product?.id), onSuccess: onSaved });
  const errors = localErrors(form);
  const serverField = save.error instanceof ApiError ? save.error.field : undefined;
  const errorOf = (k: string) =>
    (tried ? errors[k] : undefined) ??
    (serverField === k && save.error instanceof ApiError ? save.error.message : undefined);
  const field = (k: Exclude<keyof Form, 'names' | 'enabled'>) => ({
    value: form[k],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value }),
    error: errorOf(k),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length === 0) save.mutate();
  }

  return (
    <Dialog title={product ? `Loan product ${product.id}` : 'New loan product'} open onClose={onClose} wide>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="loan-product__names">
          <legend>Name shown to users</legend>
          {LANGUAGES.map((lang) => (
            <TextField
              key={lang}
              label={`${LANGUAGE_NAMES[lang]} (${lang})${lang === 'en' ? '' : ', optional'}`}
              value={form.names[lang] ?? ''}
              maxLength={80}
              dir={lang === 'ar' ? 'rtl' : undefined}
              onChange={(e) => setForm({ ...form, names: { ...form.names, [lang]: e.target.value } })}
              error={lang === 'en' ? (errorOf('names.en') ?? errorOf('names')) : undefined}
            />
          ))}
        </fieldset>
        <TextField label="Currency" {...field('currency')} />
        <TextField label="Minimum amount" inputMode="decimal" {...field('minAmount')} />
        <TextField label="Maximum amount" inputMode="decimal" {...field('maxAmount')} />
        <TextField label="Terms (days)" hint="Separated by commas" {...field('termDays')} />
        <TextField
          label="Daily rate"
          inputMode="decimal"
          hint={
            /^0(\.\d{1,8})?$/.test(form.dailyRate.trim()) ? `${formatPercent(form.dailyRate.trim())} a day` : undefined
          }
          {...field('dailyRate')}
        />
        <TextField label="Interest-free days" inputMode="numeric" {...field('freeDays')} />
        <TextField label="Loans at once per user" inputMode="numeric" {...field('maxActive')} />
        <TextField
          label="Verified identity from"
          inputMode="decimal"
          hint="Loans of this amount or more need KYC; 0: every loan"
          {...field('kycFrom')}
        />
        <TextField label="Order" inputMode="numeric" {...field('sort')} />
        <Toggle label="Offered to users" checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled })} />
        {serverField ? null : <ErrorNote error={save.error} />}
        <div className="form__buttons">
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {product ? 'Save' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Create or edit a smart plan product: its name and description per language (English required,
 * the others fall back to it), currency, investment range, terms (days and the daily yield of each),
 * earning plans a user may hold, one at a time or not, the early-exit penalty, offered or not, and
 * its place in the list. Saved whole; a refused field says so under itself. Plans already bought keep
 * the term, yield and penalty they were bought with.
 */
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@openbourse/contracts/languages.ts';
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, TextArea, TextField, Toggle } from '@/shared/components';
import { formatPercent } from '@/shared/format';
import { type SmartProduct, type SmartProductInput, saveSmartProduct } from './smart-products-api';
import './smart-products.css';

const MAX_TERMS = 12;
/** The languages besides English, whose texts are optional. */
const OTHERS = LANGUAGES.filter((l) => l !== 'en');
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
/** A share below 1 with up to 8 decimals, as the server takes it ("0.008"). */
const SHARE = /^0(\.\d{1,8})?$/;
const isPositive = (s: string) => DECIMAL.test(s) && /[1-9]/.test(s);

/** Exact order of two decimal strings (−1, 0, 1), through integers. */
function compareDecimals(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(scale, '0'));
  const y = BigInt(bi + bf.padEnd(scale, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** share × days, exactly ("0.008" × 30 → "0.24"). */
function shareTimes(share: string, days: number): string {
  const [int = '0', frac = ''] = share.split('.');
  const digits = (BigInt(int + frac) * BigInt(days)).toString().padStart(frac.length + 1, '0');
  if (!frac) return digits;
  return `${digits.slice(0, digits.length - frac.length)}.${digits.slice(digits.length - frac.length)}`;
}

interface TermRow {
  /** Stable key of the row while its fields change (rows are added and removed). */
  key: number;
  days: string;
  dailyYield: string;
}

interface Form {
  names: Record<string, string>;
  descriptions: Record<string, string>;
  currency: string;
  minAmount: string;
  maxAmount: string;
  terms: TermRow[];
  maxPlans: string;
  onePerUser: boolean;
  exitPenalty: string;
  enabled: boolean;
  sort: string;
}

const EMPTY: Form = {
  names: { en: '' },
  descriptions: { en: '' },
  currency: 'USDT',
  minAmount: '100',
  maxAmount: '10000',
  terms: [{ key: 0, days: '', dailyYield: '' }],
  maxPlans: '1',
  onePerUser: false,
  exitPenalty: '0.05',
  enabled: true,
  sort: '0',
};

const formOf = (p: SmartProduct): Form => ({
  names: { ...p.names },
  descriptions: { ...p.descriptions },
  currency: p.currency,
  minAmount: p.minAmount,
  maxAmount: p.maxAmount,
  terms: p.terms.map((t, i) => ({ key: i, days: String(t.days), dailyYield: t.dailyYield })),
  maxPlans: String(p.maxPlans),
  onePerUser: p.onePerUser,
  exitPenalty: p.exitPenalty,
  enabled: p.enabled,
  sort: String(p.sort),
});

/** What the server would refuse, said on the field before sending. */
function localErrors(f: Form): Partial<Record<string, string>> {
  const e: Partial<Record<string, string>> = {};
  if (!f.names.en?.trim()) e['names.en'] = 'The English name is required';
  if (!f.descriptions.en?.trim()) e['descriptions.en'] = 'The English description is required';
  if (!/^[A-Z0-9]{2,12}$/.test(f.currency.trim())) e.currency = 'A currency code, e.g. USDT';
  const [min, max] = [f.minAmount.trim(), f.maxAmount.trim()];
  if (!isPositive(min)) e.minAmount = 'A number above 0';
  if (!isPositive(max)) e.maxAmount = 'A number above 0';
  else if (isPositive(min) && compareDecimals(max, min) < 0) e.maxAmount = 'At least the minimum';
  const seen = new Set<number>();
  f.terms.forEach((t, i) => {
    const days = t.days.trim();
    if (!/^\d{1,4}$/.test(days) || Number(days) < 1 || Number(days) > 3650) e[`terms.${i}.days`] = '1 to 3650 days';
    else if (seen.has(Number(days))) e[`terms.${i}.days`] = 'This term is already listed';
    else seen.add(Number(days));
    const y = t.dailyYield.trim();
    if (!SHARE.test(y) || !/[1-9]/.test(y)) e[`terms.${i}.dailyYield`] = 'A fraction above 0, e.g. 0.008';
  });
  if (f.terms.length === 0) e.terms = 'At least one term';
  const maxPlans = f.maxPlans.trim();
  if (!/^\d{1,3}$/.test(maxPlans) || Number(maxPlans) < 1 || Number(maxPlans) > 100) e.maxPlans = '1 to 100';
  if (!SHARE.test(f.exitPenalty.trim())) e.exitPenalty = 'A fraction below 1 with up to 8 decimals, e.g. 0.05';
  if (!/^\d{1,5}$/.test(f.sort.trim()) || Number(f.sort) > 10_000) e.sort = 'A whole number, 0 to 10000';
  return e;
}

const written = (texts: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(texts)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v),
  );

function inputOf(f: Form): SmartProductInput {
  return {
    names: written(f.names),
    descriptions: written(f.descriptions),
    currency: f.currency.trim(),
    minAmount: f.minAmount.trim(),
    maxAmount: f.maxAmount.trim(),
    terms: f.terms.map((t) => ({ days: Number(t.days), dailyYield: t.dailyYield.trim() })),
    maxPlans: Number(f.maxPlans),
    onePerUser: f.onePerUser,
    exitPenalty: f.exitPenalty.trim(),
    enabled: f.enabled,
    sort: Number(f.sort),
  };
}

/** "0.8 % a day, 24 % over 30 days" under a term whose fields read. */
function yieldHint(t: TermRow): string | undefined {
  const y = t.dailyYield.trim();
  if (!SHARE.test(y)) return undefined;
  const days = t.days.trim();
  if (!/^\d{1,4}$/.test(days) || Number(days) < 1) return `${formatPercent(y)} a day`;
  return `${formatPercent(y)} a day, ${formatPercent(shareTimes(y, Number(days)))} over ${Number(days)} days`;
}

export function SmartProductDialog({
  product,
  onClose,
  onSaved,
}: {
  /** null: a new product. */
  product: SmartProduct | null;
  onClose: () => void;
  onSaved: (p: SmartProduct) => void;
}) {
  const [form, setForm] = useState<Form>(product ? formOf(product) : EMPTY);
  const nextKey = useRef(form.terms.length);
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (input: SmartProductInput) => saveSmartProduct(input, product?.id),
    onSuccess: onSaved,
  });
  const errors = localErrors(form);
  const serverField = save.error instanceof ApiError ? save.error.field : undefined;
  // Where a refused field is shown: its own input, the English text for the whole record, or the terms.
  const shownAt = (k: string) =>
    k === 'names' ? 'names.en' : k === 'descriptions' ? 'descriptions.en' : /^terms\.\d+$/.test(k) ? 'terms' : k;
  const errorOf = (k: string) =>
    (tried ? errors[k] : undefined) ??
    (serverField !== undefined && shownAt(serverField) === k && save.error instanceof ApiError
      ? save.error.message
      : undefined);
  const field = (k: 'currency' | 'minAmount' | 'maxAmount' | 'maxPlans' | 'exitPenalty' | 'sort') => ({
    value: form[k],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value }),
    error: errorOf(k),
  });
  const setTerm = (i: number, patch: Partial<TermRow>) =>
    setForm({ ...form, terms: form.terms.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  const penalty = form.exitPenalty.trim();
  // A refused field this form has no place for is said above the buttons.
  const shown = [
    ...[
      'names.en',
      'descriptions.en',
      'currency',
      'minAmount',
      'maxAmount',
      'terms',
      'maxPlans',
      'exitPenalty',
      'sort',
    ],
    ...form.terms.flatMap((_, i) => [`terms.${i}.days`, `terms.${i}.dailyYield`]),
  ];
  const fieldShown = serverField !== undefined && shown.includes(shownAt(serverField));

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    // The terms go shortest first, and the rows take that order too, so a term the server refuses
    // ("terms.1.dailyYield") is the row it names.
    const sorted = { ...form, terms: [...form.terms].sort((a, b) => Number(a.days) - Number(b.days)) };
    setForm(sorted);
    save.mutate(inputOf(sorted));
  }

  const texts = (lang: Language) => (
    <>
      <TextField
        label={`Name (${lang})`}
        value={form.names[lang] ?? ''}
        maxLength={80}
        dir={lang === 'ar' ? 'rtl' : undefined}
        onChange={(e) => setForm({ ...form, names: { ...form.names, [lang]: e.target.value } })}
        error={lang === 'en' ? errorOf('names.en') : undefined}
      />
      <TextArea
        label={`Description (${lang})`}
        value={form.descriptions[lang] ?? ''}
        maxLength={400}
        rows={lang === 'en' ? 3 : 2}
        dir={lang === 'ar' ? 'rtl' : undefined}
        onChange={(e) => setForm({ ...form, descriptions: { ...form.descriptions, [lang]: e.target.value } })}
        error={lang === 'en' ? errorOf('descriptions.en') : undefined}
      />
    </>
  );
  const writtenIn = OTHERS.filter((l) => form.names[l]?.trim() || form.descriptions[l]?.trim()).length;

  return (
    <Dialog title={product ? `Smart plan ${product.id}` : 'New smart plan'} open onClose={onClose} wide>
      <form className="form" onSubmit={submit} noValidate>
        <div className="form__grid smart-product__english">{texts('en')}</div>
        <div className="form__grid form__grid--3">
          <TextField
            label="Currency"
            {...field('currency')}
            onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })}
          />
          <TextField label="Minimum amount" inputMode="decimal" {...field('minAmount')} />
          <TextField label="Maximum amount" inputMode="decimal" {...field('maxAmount')} />
        </div>
        <fieldset className="smart-product__terms">
          <legend>Terms</legend>
          <p className="field__hint">
            The yield is paid each day on the principal from the earn treasury; the principal returns at the end of the
            term. A plan is sold only if the treasury can set aside its whole yield.
          </p>
          {form.terms.map((t, i) => (
            <div className="smart-product__term" key={t.key}>
              <TextField
                label={`Term ${i + 1}: days`}
                inputMode="numeric"
                value={t.days}
                onChange={(e) => setTerm(i, { days: e.target.value })}
                error={errorOf(`terms.${i}.days`)}
              />
              <TextField
                label={`Term ${i + 1}: daily yield`}
                inputMode="decimal"
                value={t.dailyYield}
                hint={yieldHint(t)}
                onChange={(e) => setTerm(i, { dailyYield: e.target.value })}
                error={errorOf(`terms.${i}.dailyYield`)}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove term ${i + 1}`}
                disabled={form.terms.length === 1}
                onClick={() => setForm({ ...form, terms: form.terms.filter((_, j) => j !== i) })}
              >
                Remove
              </Button>
            </div>
          ))}
          {errorOf('terms') ? <span className="field__error">{errorOf('terms')}</span> : null}
          <Button
            variant="secondary"
            size="sm"
            disabled={form.terms.length >= MAX_TERMS}
            onClick={() => {
              const key = nextKey.current++;
              setForm({ ...form, terms: [...form.terms, { key, days: '', dailyYield: '' }] });
            }}
          >
            Add a term
          </Button>
        </fieldset>
        <div className="form__grid form__grid--3">
          <TextField
            label="Earning plans per user"
            inputMode="numeric"
            hint="Of this product at once; more are refused (80001)"
            {...field('maxPlans')}
          />
          <TextField
            label="Early-exit penalty"
            inputMode="decimal"
            hint={
              SHARE.test(penalty)
                ? `${formatPercent(penalty)} of the principal is kept on early exit`
                : 'Share of the principal kept, e.g. 0.05'
            }
            {...field('exitPenalty')}
          />
          <TextField label="Order" inputMode="numeric" hint="Lower first on /trading" {...field('sort')} />
        </div>
        <Toggle
          label="One plan at a time"
          hint="A second plan of this product is refused while one is earning (10024)"
          checked={form.onePerUser}
          onChange={(onePerUser) => setForm({ ...form, onePerUser })}
        />
        <Toggle
          label="Offered to users"
          hint="Off: shown on /trading, not sold (40058); earning plans carry on"
          checked={form.enabled}
          onChange={(enabled) => setForm({ ...form, enabled })}
        />
        <fieldset className="smart-product__languages">
          <legend>
            Other languages{' '}
            <small className="muted">
              {writtenIn} of {OTHERS.length} written
            </small>
          </legend>
          <p className="field__hint">A language left empty shows the English name and description.</p>
          <div className="languages">
            {OTHERS.map((lang) => (
              <fieldset key={lang} className="lang-card">
                <legend>
                  {LANGUAGE_NAMES[lang]} <small>{lang}</small>
                </legend>
                {texts(lang)}
              </fieldset>
            ))}
          </div>
        </fieldset>
        {fieldShown ? null : <ErrorNote error={save.error} />}
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

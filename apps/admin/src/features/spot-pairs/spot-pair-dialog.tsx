/**
 * Edit one spot pair, or add one: only what changed is sent, and a refused field says so under itself.
 * The grid (tick and lot) is locked while orders rest on the pair: they are stored in its steps.
 */
import type {
  AdminSpotPair,
  AdminSpotPairCreate,
  AdminSpotPairEdit,
  AdminSpotPairList,
} from '@openbourse/contracts/admin-spot.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '@/shared/api';
import { Dialog, ErrorNote, SelectField, TextField, Toggle } from '@/shared/components';
import { formatPercent } from '@/shared/format';

export type SpotPair = AdminSpotPair;
export type Currency = AdminSpotPairList['currencies'][number];

const TEXTS = [
  'tickSize',
  'lotSize',
  'minQuantity',
  'maxQuantity',
  'makerFeeRate',
  'takerFeeRate',
  'protectionRate',
  'mmSpreadRate',
  'mmStepRate',
  'mmLevelQuote',
] as const;
type TextKey = (typeof TEXTS)[number];

/** Each rate's bounds, as the server checks them (a fraction with at most 6 decimals). */
const RATES = {
  makerFeeRate: { label: 'Maker fee', min: 0, max: '0.1' },
  takerFeeRate: { label: 'Taker fee', min: 0, max: '0.1' },
  protectionRate: { label: 'Market protection', min: 1, max: '0.5' },
  mmSpreadRate: { label: 'Spread (half, from the reference)', min: 1, max: '0.2' },
  mmStepRate: { label: 'Step between levels', min: 1, max: '0.2' },
} as const;
type RateKey = keyof typeof RATES;

const isDecimal = (s: string) => /^\d+(\.\d+)?$/.test(s.trim());
const isPositive = (s: string) => isDecimal(s) && /[1-9]/.test(s);
/** Millionths of a fraction typed as "0.0015", or null when it has more than 6 decimals. */
const ppmOf = (s: string) => {
  const [int = '0', frac = ''] = s.trim().split('.');
  return frac.length > 6 ? null : Number(int) * 1_000_000 + Number(frac.padEnd(6, '0'));
};

interface Form extends Record<TextKey, string> {
  base: string;
  quote: string;
  enabled: boolean;
  mmEnabled: boolean;
  sort: string;
  mmLevels: string;
  instrumentCode: string;
}

/** What the server would refuse, said on the field before sending. */
function localErrors(form: Form): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const k of ['tickSize', 'lotSize', 'minQuantity', 'maxQuantity', 'mmLevelQuote'] as const) {
    if (!isPositive(form[k])) errors[k] = 'A number above 0, e.g. 0.01';
  }
  for (const k of Object.keys(RATES) as RateKey[]) {
    const { min, max } = RATES[k];
    const ppm = isDecimal(form[k]) ? ppmOf(form[k]) : null;
    if (ppm === null || ppm < min || ppm > (ppmOf(max) ?? 0)) {
      errors[k] = `A fraction ${min ? 'above 0' : 'from 0'} up to ${max}, at most 6 decimals`;
    }
  }
  if (!/^\d{1,5}$/.test(form.sort.trim()) || Number(form.sort) > 10_000) errors.sort = 'A whole number, 0 to 10000';
  if (!/^\d{1,2}$/.test(form.mmLevels.trim()) || Number(form.mmLevels) < 1 || Number(form.mmLevels) > 50) {
    errors.mmLevels = 'A whole number, 1 to 50';
  }
  if (!form.base) errors.base = 'Choose the base currency';
  else if (form.base === form.quote) errors.quote = 'Another currency than the base';
  return errors;
}

/** The server's refusals that name a field, in the console's words where its message would not say why. */
function serverFieldError(error: unknown, form: Form): { field: string; text: string } | null {
  if (!(error instanceof ApiError) || error.field === undefined) return null;
  if (error.code === 40054) {
    return { field: error.field, text: 'Orders rest on this pair: the grid changes only once none does' };
  }
  if (error.code === 40055) {
    return { field: 'base', text: `${form.base}/${form.quote} is listed already` };
  }
  return { field: error.field, text: error.message };
}

export function SpotPairDialog({
  pair,
  currencies,
  onClose,
  onSaved,
}: {
  /** The pair to edit; null adds one. */
  pair: SpotPair | null;
  currencies: Currency[];
  onClose: () => void;
  onSaved: (p: SpotPair) => void;
}) {
  const [form, setForm] = useState<Form>(() => ({
    base: pair?.base ?? '',
    quote: pair?.quote ?? 'USDT',
    enabled: pair?.enabled ?? false,
    mmEnabled: pair?.mmEnabled ?? false,
    sort: String(pair?.sort ?? 0),
    tickSize: pair?.tickSize ?? '',
    lotSize: pair?.lotSize ?? '',
    minQuantity: pair?.minQuantity ?? '',
    maxQuantity: pair?.maxQuantity ?? '',
    makerFeeRate: pair?.makerFeeRate ?? '0.0008',
    takerFeeRate: pair?.takerFeeRate ?? '0.001',
    protectionRate: pair?.protectionRate ?? '0.05',
    mmSpreadRate: pair?.mmSpreadRate ?? '0.0005',
    mmStepRate: pair?.mmStepRate ?? '0.0003',
    mmLevels: String(pair?.mmLevels ?? 10),
    mmLevelQuote: pair?.mmLevelQuote ?? '2000',
    instrumentCode: pair?.instrumentCode ?? '',
  }));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const instrumentCode = form.instrumentCode.trim() || null;
      if (!pair) {
        const body: Partial<AdminSpotPairCreate> = {
          base: form.base,
          quote: form.quote,
          enabled: form.enabled,
          mmEnabled: form.mmEnabled,
          sort: Number(form.sort),
          mmLevels: Number(form.mmLevels),
          ...(instrumentCode ? { instrumentCode } : {}),
        };
        for (const k of TEXTS) body[k] = form[k].trim();
        return (await api.post<SpotPair>('spotPairs', body)).result;
      }
      const edit: AdminSpotPairEdit = {};
      if (form.enabled !== pair.enabled) edit.enabled = form.enabled;
      if (form.mmEnabled !== pair.mmEnabled) edit.mmEnabled = form.mmEnabled;
      if (form.sort.trim() !== String(pair.sort)) edit.sort = Number(form.sort);
      if (form.mmLevels.trim() !== String(pair.mmLevels)) edit.mmLevels = Number(form.mmLevels);
      if (instrumentCode !== pair.instrumentCode) edit.instrumentCode = instrumentCode;
      for (const k of TEXTS) if (form[k].trim() !== pair[k]) edit[k] = form[k].trim();
      return (await api.post<SpotPair>(`spotPairs/${pair.id}`, edit)).result;
    },
    onSuccess: (p) => {
      queryClient.setQueryData<AdminSpotPairList>(['spotPairs'], (data) =>
        data
          ? {
              ...data,
              list: data.list.some((x) => x.id === p.id)
                ? data.list.map((x) => (x.id === p.id ? p : x))
                : [...data.list, p],
            }
          : data,
      );
      onSaved(p);
    },
  });
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const [checked, setChecked] = useState<Partial<Record<string, string>>>({});
  const refused = serverFieldError(save.error, form);
  const fieldError = (k: keyof Form) => checked[k] ?? (refused?.field === k ? refused.text : undefined);
  const onAField = refused !== null && refused.field in form;

  function submit(e: FormEvent) {
    e.preventDefault();
    const errors = localErrors(form);
    setChecked(errors);
    if (Object.keys(errors).length === 0) save.mutate();
    else save.reset();
  }

  const base = pair?.base ?? (form.base || 'base');
  const quote = pair?.quote ?? form.quote;
  const resting = pair ? pair.openOrders.real + pair.openOrders.demo : 0;
  const scaleOf = (code: string) => currencies.find((c) => c.code === code)?.scale;
  const decimals = (code: string) => (scaleOf(code) === undefined ? '' : `; ${code} has ${scaleOf(code)} decimals`);
  const gridHint = (what: string, code: string) =>
    resting > 0
      ? `Locked: ${resting} orders rest on this pair${pair?.mmEnabled ? '; turning the market maker off withdraws its quotes' : ''}`
      : `${what}${decimals(code)}`;
  const rate = (k: RateKey) => (
    <TextField
      key={k}
      label={`${RATES[k].label} (fraction)`}
      inputMode="decimal"
      value={form[k]}
      onChange={set(k)}
      hint={isDecimal(form[k]) ? `= ${formatPercent(form[k])}; up to ${RATES[k].max}` : `Up to ${RATES[k].max}`}
      error={fieldError(k)}
    />
  );
  const options = [
    { value: '', label: 'Choose…' },
    ...currencies.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` })),
  ];

  return (
    <Dialog title={pair ? `Edit ${pair.symbol}` : 'Add a spot pair'} open onClose={onClose} wide>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">
          Prices are in {quote}, quantities in {base}. Changes apply to the next order on every server process; resting
          orders keep their price and quantity.
        </p>
        {pair ? null : (
          <div className="form__grid">
            <SelectField label="Base currency" value={form.base} onChange={set('base')} options={options} />
            <SelectField label="Quote currency" value={form.quote} onChange={set('quote')} options={options.slice(1)} />
          </div>
        )}
        {(['base', 'quote'] as const).map((k) =>
          fieldError(k) ? (
            <p key={k} className="field__error">
              {fieldError(k)}
            </p>
          ) : null,
        )}
        <Toggle
          label="Trading enabled"
          checked={form.enabled}
          onChange={(enabled) => setForm((f) => ({ ...f, enabled }))}
          hint="Disabled: no new orders; resting orders can still be cancelled"
        />
        <div className="form__grid">
          <TextField
            label={`Tick size (${quote})`}
            inputMode="decimal"
            value={form.tickSize}
            onChange={set('tickSize')}
            disabled={resting > 0}
            hint={gridHint('Price step', quote)}
            error={fieldError('tickSize')}
          />
          <TextField
            label={`Lot size (${base})`}
            inputMode="decimal"
            value={form.lotSize}
            onChange={set('lotSize')}
            disabled={resting > 0}
            hint={gridHint('Quantity step', base)}
            error={fieldError('lotSize')}
          />
          <TextField
            label={`Min quantity (${base})`}
            inputMode="decimal"
            value={form.minQuantity}
            onChange={set('minQuantity')}
            hint="A whole number of lots"
            error={fieldError('minQuantity')}
          />
          <TextField
            label={`Max quantity (${base})`}
            inputMode="decimal"
            value={form.maxQuantity}
            onChange={set('maxQuantity')}
            hint="A whole number of lots"
            error={fieldError('maxQuantity')}
          />
          {rate('makerFeeRate')}
          {rate('takerFeeRate')}
          {rate('protectionRate')}
          <TextField
            label="Feed instrument"
            value={form.instrumentCode}
            onChange={set('instrumentCode')}
            spellCheck={false}
            autoComplete="off"
            hint="The market instrument giving the reference price, e.g. BTCUSDT; empty: none"
            error={fieldError('instrumentCode')}
          />
          <TextField
            label="Sort"
            inputMode="numeric"
            value={form.sort}
            onChange={set('sort')}
            hint="Order in the lists, smallest first"
            error={fieldError('sort')}
          />
        </div>
        <Toggle
          label="Market maker quotes this pair"
          checked={form.mmEnabled}
          onChange={(mmEnabled) => setForm((f) => ({ ...f, mmEnabled }))}
          hint="Around the feed instrument's price"
        />
        <div className="form__grid">
          {rate('mmSpreadRate')}
          {rate('mmStepRate')}
          <TextField
            label="Levels per side"
            inputMode="numeric"
            value={form.mmLevels}
            onChange={set('mmLevels')}
            hint="1 to 50"
            error={fieldError('mmLevels')}
          />
          <TextField
            label={`Value of each level (${quote})`}
            inputMode="decimal"
            value={form.mmLevelQuote}
            onChange={set('mmLevelQuote')}
            error={fieldError('mmLevelQuote')}
          />
        </div>
        {onAField ? null : <ErrorNote error={save.error} />}
        <div className="form__buttons">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {pair ? 'Save changes' : 'Add pair'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

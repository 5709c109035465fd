/**
 * Create or edit an option series: the instrument (code or id), the currency premiums and payouts
 * are paid in, the periods offered (the common ones ticked, others typed), the stake range, the
 * spread over the model premium and the cap on the payout, listed or not. Saved whole; a refused
 * field says so under itself. Open orders keep the terms they were bought with.
 */
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, TextField, Toggle } from '@/shared/components';
import { formatPercent } from '@/shared/format';
import {
  formatPeriod,
  type OptionSeries,
  type OptionSeriesInput,
  parsePeriod,
  saveOptionSeries,
} from './option-series-api';
import './option-series.css';

/** The periods offered as ticks: 1m, 5m, 15m, 30m, 1h, 4h, 1d. */
const COMMON = [60, 300, 900, 1800, 3600, 14_400, 86_400];
const MIN_PERIOD = 60;
const MAX_PERIOD = 30 * 86_400;
const MAX_PERIODS = 12;
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
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

interface Form {
  instrument: string;
  currency: string;
  common: number[];
  /** Other periods, comma-separated: seconds or with a unit ("120, 2h, 7d"). */
  other: string;
  minAmount: string;
  maxAmount: string;
  spreadBps: string;
  capMove: string;
  enabled: boolean;
}

const EMPTY: Form = {
  instrument: '',
  currency: 'USDT',
  common: [300, 900, 3600, 86_400],
  other: '',
  minAmount: '10',
  maxAmount: '1000',
  spreadBps: '500',
  capMove: '0.05',
  enabled: true,
};

const formOf = (s: OptionSeries): Form => ({
  instrument: s.code,
  currency: s.currency,
  common: s.periods.filter((p) => COMMON.includes(p)),
  other: s.periods
    .filter((p) => !COMMON.includes(p))
    .map(formatPeriod)
    .join(', '),
  minAmount: s.minAmount,
  maxAmount: s.maxAmount,
  spreadBps: String(s.spreadBps),
  capMove: s.capMove,
  enabled: s.enabled,
});

const otherTokens = (s: string) => s.split(/[\s,]+/).filter(Boolean);

/** Every period of the form in seconds, unique and ascending; null where a typed one does not read. */
function periodsOf(f: Form): number[] | null {
  const typed = otherTokens(f.other).map(parsePeriod);
  if (typed.some((p) => p === null)) return null;
  return [...new Set([...f.common, ...(typed as number[])])].sort((a, b) => a - b);
}

/** What the server would refuse, said on the field before sending. */
function localErrors(f: Form): Partial<Record<string, string>> {
  const e: Partial<Record<string, string>> = {};
  const instrument = f.instrument.trim();
  if (!instrument || instrument.length > 40) e.instrument = 'An instrument code or id, e.g. BTCUSDT';
  if (!/^[A-Z0-9]{2,12}$/.test(f.currency.trim())) e.currency = 'A currency code, e.g. USDT';
  const periods = periodsOf(f);
  if (periods === null) e.other = 'Seconds, or with a unit: 120, 2h, 7d';
  else if (periods.some((p) => p < MIN_PERIOD || p > MAX_PERIOD)) e.other = 'Each period from 1m to 30d';
  else if (periods.length === 0) e.periods = 'At least one period';
  else if (periods.length > MAX_PERIODS) e.periods = `At most ${MAX_PERIODS} periods`;
  const [min, max] = [f.minAmount.trim(), f.maxAmount.trim()];
  if (!isPositive(min)) e.minAmount = 'A number above 0';
  if (!isPositive(max)) e.maxAmount = 'A number above 0';
  else if (isPositive(min) && compareDecimals(max, min) < 0) e.maxAmount = 'At least the minimum';
  const spread = f.spreadBps.trim();
  if (!/^\d{1,4}$/.test(spread) || Number(spread) > 5000) e.spreadBps = 'Whole basis points, 0 to 5000';
  const cap = f.capMove.trim();
  if (!SHARE.test(cap) || !/[1-9]/.test(cap)) e.capMove = 'A fraction above 0 and below 1, e.g. 0.05';
  return e;
}

function inputOf(f: Form): OptionSeriesInput {
  return {
    instrument: f.instrument.trim(),
    currency: f.currency.trim(),
    periods: periodsOf(f) ?? [],
    minAmount: f.minAmount.trim(),
    maxAmount: f.maxAmount.trim(),
    spreadBps: Number(f.spreadBps),
    capMove: f.capMove.trim(),
    enabled: f.enabled,
  };
}

export function OptionSeriesDialog({
  series,
  onClose,
  onSaved,
}: {
  /** null: a new series. */
  series: OptionSeries | null;
  onClose: () => void;
  onSaved: (s: OptionSeries) => void;
}) {
  const [form, setForm] = useState<Form>(series ? formOf(series) : EMPTY);
  const [tried, setTried] = useState(false);
  const save = useMutation({ mutationFn: () => saveOptionSeries(inputOf(form), series?.id), onSuccess: onSaved });
  const errors = localErrors(form);
  const serverField = save.error instanceof ApiError ? save.error.field : undefined;
  // A refused period ("periods.2") is said under the periods.
  const shownAt = (k: string) => (k.startsWith('periods') ? 'periods' : k);
  const errorOf = (k: string) =>
    (tried ? errors[k] : undefined) ??
    (serverField !== undefined && shownAt(serverField) === k && save.error instanceof ApiError
      ? save.error.message
      : undefined);
  const field = (k: 'instrument' | 'currency' | 'other' | 'minAmount' | 'maxAmount' | 'spreadBps' | 'capMove') => ({
    value: form[k],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value }),
    error: errorOf(k),
  });
  const fieldShown = serverField !== undefined && (shownAt(serverField) in form || shownAt(serverField) === 'periods');
  const spread = form.spreadBps.trim();
  const cap = form.capMove.trim();
  const periods = periodsOf(form);

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length === 0) save.mutate();
  }

  return (
    <Dialog title={series ? `Option series ${series.id}` : 'New option series'} open onClose={onClose} wide>
      <form className="form" onSubmit={submit} noValidate>
        <div className="form__grid">
          <TextField
            label="Instrument"
            hint={series ? `${series.name} · ID ${series.instrumentId}` : 'Its code or id, e.g. BTCUSDT'}
            {...field('instrument')}
          />
          <TextField
            label="Currency"
            hint="Premiums and payouts are paid in it"
            {...field('currency')}
            onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })}
          />
        </div>
        <fieldset className="option-series__periods">
          <legend>Periods</legend>
          <div className="option-series__chips">
            {COMMON.map((p) => (
              <label key={p} className={`chip${form.common.includes(p) ? ' is-active' : ''}`}>
                <input
                  type="checkbox"
                  checked={form.common.includes(p)}
                  onChange={(e) =>
                    setForm({
                      ...form,
                      common: e.target.checked ? [...form.common, p] : form.common.filter((x) => x !== p),
                    })
                  }
                />
                {formatPeriod(p)}
              </label>
            ))}
          </div>
          <TextField
            label="Other periods"
            placeholder="e.g. 2h, 7d"
            hint="Comma-separated; seconds, or with a unit (s, m, h, d)"
            {...field('other')}
          />
          {errorOf('periods') ? <span className="field__error">{errorOf('periods')}</span> : null}
          {periods && periods.length > 0 ? (
            <span className="field__hint">Offered: {periods.map(formatPeriod).join(' / ')}</span>
          ) : null}
        </fieldset>
        <div className="form__grid">
          <TextField label="Minimum stake" inputMode="decimal" {...field('minAmount')} />
          <TextField
            label="Maximum stake"
            inputMode="decimal"
            hint="The premium of one order"
            {...field('maxAmount')}
          />
          <TextField
            label="Spread (bps)"
            inputMode="numeric"
            hint={
              /^\d{1,4}$/.test(spread)
                ? `${formatPercent(`0.${spread.padStart(4, '0')}`)} over the model premium`
                : 'Added to the model premium; 500 = 5 %'
            }
            {...field('spreadBps')}
          />
          <TextField
            label="Payout cap"
            inputMode="decimal"
            hint={
              SHARE.test(cap)
                ? `The payout per unit stops growing ${formatPercent(cap)} past the strike`
                : 'Share of the strike, e.g. 0.05'
            }
            {...field('capMove')}
          />
        </div>
        <Toggle
          label="Listed"
          hint="Off: no new orders (10014); open orders settle as usual"
          checked={form.enabled}
          onChange={(enabled) => setForm({ ...form, enabled })}
        />
        {fieldShown ? null : <ErrorNote error={save.error} />}
        <div className="form__buttons">
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {series ? 'Save' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

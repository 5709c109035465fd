/** Edit one instrument's terms; only what changed is sent. */
import type { AdminInstrument } from '@openbourse/contracts/admin.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { Dialog, ErrorNote, SelectField, TextField, Toggle } from '@/shared/components';
import { formatPercent } from '@/shared/format';

type Instrument = z.infer<typeof AdminInstrument>;

const SESSIONS = [
  { value: 'always', label: 'Always open (24/7)' },
  { value: 'forex', label: 'Forex (Sun 22:00 – Fri 22:00 UTC)' },
  { value: 'futures', label: 'Futures (Sun 22:00 – Fri 21:00 UTC, daily break)' },
  { value: 'usEquity', label: 'US equities (Mon – Fri 14:30 – 21:00 UTC)' },
];

const isFraction = (s: string) => /^\d+(\.\d+)?$/.test(s.trim());

export function InstrumentDialog({
  instrument,
  onClose,
  onSaved,
}: {
  instrument: Instrument;
  onClose: () => void;
  onSaved: (i: Instrument) => void;
}) {
  const [form, setForm] = useState({
    enabled: instrument.enabled,
    session: instrument.session,
    maxLeverage: String(instrument.maxLeverage),
    minLots: instrument.minLots,
    maxLots: instrument.maxLots,
    spreadRate: instrument.spreadRate,
    feeRate: instrument.feeRate,
    stopsLevel: String(instrument.stopsLevel),
  });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const edit: Record<string, unknown> = {};
      if (form.enabled !== instrument.enabled) edit.enabled = form.enabled;
      if (form.session !== instrument.session) edit.session = form.session;
      if (form.maxLeverage !== String(instrument.maxLeverage)) edit.maxLeverage = Number(form.maxLeverage);
      if (form.stopsLevel !== String(instrument.stopsLevel)) edit.stopsLevel = Number(form.stopsLevel);
      for (const k of ['minLots', 'maxLots', 'spreadRate', 'feeRate'] as const) {
        if (form[k].trim() !== instrument[k]) edit[k] = form[k].trim();
      }
      return (await api.post<Instrument>(`instruments/${instrument.id}`, edit)).result;
    },
    onSuccess: (i) => {
      queryClient.invalidateQueries({ queryKey: ['instruments'] });
      onSaved(i);
    },
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }

  return (
    <Dialog title={`Edit ${instrument.code}`} open onClose={onClose} wide>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{instrument.name}. Open positions keep the terms they were opened with.</p>
        <Toggle
          label="Trading enabled"
          checked={form.enabled}
          onChange={(enabled) => setForm((f) => ({ ...f, enabled }))}
          hint="Disabled: no new orders; open positions can still be closed"
        />
        <div className="form__grid">
          <SelectField label="Trading session" value={form.session} onChange={set('session')} options={SESSIONS} />
          <TextField
            label="Max leverage"
            inputMode="numeric"
            value={form.maxLeverage}
            onChange={set('maxLeverage')}
            hint="1 to 1000"
          />
          <TextField label="Min lots" inputMode="decimal" value={form.minLots} onChange={set('minLots')} />
          <TextField label="Max lots" inputMode="decimal" value={form.maxLots} onChange={set('maxLots')} />
          <TextField
            label="Spread (fraction of price)"
            inputMode="decimal"
            value={form.spreadRate}
            onChange={set('spreadRate')}
            hint={isFraction(form.spreadRate) ? `= ${formatPercent(form.spreadRate)}; 0 to 0.05` : '0 to 0.05'}
          />
          <TextField
            label="Fee (fraction of notional)"
            inputMode="decimal"
            value={form.feeRate}
            onChange={set('feeRate')}
            hint={isFraction(form.feeRate) ? `= ${formatPercent(form.feeRate)}; 0 to 0.01` : '0 to 0.01'}
          />
          <TextField
            label="Stops level (ticks)"
            inputMode="numeric"
            value={form.stopsLevel}
            onChange={set('stopsLevel')}
            hint={`Least distance of a stop loss or take profit from the closing price, in ticks of ${instrument.tickSize}; 0 to 100000`}
          />
        </div>
        <ErrorNote error={save.error} />
        <div className="form__buttons">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

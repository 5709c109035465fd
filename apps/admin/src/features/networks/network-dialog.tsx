/** Edit one coin × network; only what changed is sent, and a refused field says so under itself. */
import type { AdminNetwork, AdminNetworkUpdate } from '@openbourse/contracts/funding.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '@/shared/api';
import { Dialog, ErrorNote, TextField, Toggle } from '@/shared/components';
import { formatPercent } from '@/shared/format';

export type Network = AdminNetwork;

/** Withdrawals to a bank account ride on a network of their own, which receives no deposits. */
export const isBank = (n: Network) => n.network === 'BANK';

const DECIMALS = ['minDeposit', 'withdrawFeeRate', 'minWithdraw', 'dailyWithdrawLimit'] as const;
const isDecimal = (s: string) => /^\d+(\.\d+)?$/.test(s.trim());
const isPositive = (s: string) => isDecimal(s) && /[1-9]/.test(s);

/**
 * What the server would refuse with nothing better than "something went wrong" (its table allows
 * neither a zero minimum or limit nor a fee rate of 1 or more): said on the field before sending.
 */
function localErrors(form: Record<(typeof DECIMALS)[number], string>): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const k of ['minDeposit', 'minWithdraw', 'dailyWithdrawLimit'] as const) {
    if (!isPositive(form[k])) errors[k] = 'A number above 0, e.g. 120 or 0.015';
  }
  const rate = form.withdrawFeeRate.trim();
  if (!isDecimal(rate) || !/^0(\.|$)/.test(rate)) errors.withdrawFeeRate = 'A fraction from 0 to below 1, e.g. 0.005';
  return errors;
}

export function NetworkDialog({
  network,
  onClose,
  onSaved,
}: {
  network: Network;
  onClose: () => void;
  onSaved: (n: Network) => void;
}) {
  const [form, setForm] = useState({
    enabled: network.enabled,
    address: network.address ?? '',
    minDeposit: network.minDeposit,
    withdrawFeeRate: network.withdrawFeeRate,
    minWithdraw: network.minWithdraw,
    dailyWithdrawLimit: network.dailyWithdrawLimit,
  });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const edit: AdminNetworkUpdate = {};
      if (form.enabled !== network.enabled) edit.enabled = form.enabled;
      if (form.address.trim() !== (network.address ?? '')) edit.address = form.address.trim();
      for (const k of DECIMALS) if (form[k].trim() !== network[k]) edit[k] = form[k].trim();
      return (await api.post<Network>(`networks/${network.id}`, edit)).result;
    },
    onSuccess: (n) => {
      queryClient.setQueryData<{ list: Network[] }>(['networks'], (data) =>
        data ? { list: data.list.map((x) => (x.id === n.id ? n : x)) } : data,
      );
      onSaved(n);
    },
  });
  const set = (k: Exclude<keyof typeof form, 'enabled'>) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const [checked, setChecked] = useState<Partial<Record<string, string>>>({});
  // 40001 names the field the server refused: shown under it rather than above the buttons.
  const fieldError = (k: keyof typeof form) =>
    checked[k] ?? (save.error instanceof ApiError && save.error.field === k ? save.error.message : undefined);
  const onAField = save.error instanceof ApiError && save.error.field !== undefined && save.error.field in form;

  function submit(e: FormEvent) {
    e.preventDefault();
    const errors = localErrors(form);
    setChecked(errors);
    if (Object.keys(errors).length === 0) save.mutate();
    else save.reset();
  }

  const name = `${network.currency} on ${network.network}`;
  return (
    <Dialog title={`Edit ${name}`} open onClose={onClose} wide>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">
          Amounts are in {network.currency}.{' '}
          {isBank(network)
            ? 'Bank payouts receive no deposits.'
            : 'Deposits already declared keep the address they were shown.'}
        </p>
        <Toggle
          label="Network enabled"
          checked={form.enabled}
          onChange={(enabled) => setForm((f) => ({ ...f, enabled }))}
          hint="Off: users cannot use this network"
        />
        {isBank(network) ? null : (
          <TextField
            label="Receiving address"
            value={form.address}
            onChange={set('address')}
            spellCheck={false}
            autoComplete="off"
            hint={`An address on ${network.network}, checked by the server. Empty: no address, deposits on this network are refused`}
            error={fieldError('address')}
          />
        )}
        <div className="form__grid">
          <TextField
            label={`Minimum deposit (${network.currency})`}
            inputMode="decimal"
            value={form.minDeposit}
            onChange={set('minDeposit')}
            error={fieldError('minDeposit')}
          />
          <TextField
            label="Withdrawal fee rate (fraction)"
            inputMode="decimal"
            value={form.withdrawFeeRate}
            onChange={set('withdrawFeeRate')}
            hint={
              isDecimal(form.withdrawFeeRate)
                ? `= ${formatPercent(form.withdrawFeeRate)}; below 1`
                : 'Below 1, e.g. 0.005'
            }
            error={fieldError('withdrawFeeRate')}
          />
          <TextField
            label={`Minimum withdrawal (${network.currency})`}
            inputMode="decimal"
            value={form.minWithdraw}
            onChange={set('minWithdraw')}
            error={fieldError('minWithdraw')}
          />
          <TextField
            label={`Daily withdrawal limit (${network.currency})`}
            inputMode="decimal"
            value={form.dailyWithdrawLimit}
            onChange={set('dailyWithdrawLimit')}
            hint="Most one user may withdraw in a UTC day"
            error={fieldError('dailyWithdrawLimit')}
          />
        </div>
        {onAField ? null : <ErrorNote error={save.error} />}
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

/**
 * VIP levels: the table users see on their level page (30-day volume and optional balance thresholds,
 * the share taken off every fee they pay), with the users at each level now; a level created or
 * replaced here is audited (levels.create / levels.update) and moves users at the next daily run.
 */
import type { AdminLevel } from '@openbourse/contracts/levels.ts';
import { LANGUAGES } from '@openbourse/contracts/languages.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Card, ErrorNote, Notice, PageHeader, TextField } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal } from '@/shared/format';
import { getLevels, saveLevel, vipLevelsKey } from './vip-levels-api';

interface Form {
  id: string;
  names: Record<string, string>;
  minVolume: string;
  minBalance: string;
  percent: string;
}

const EMPTY: Form = { id: '', names: {}, minVolume: '', minBalance: '', percent: '' };

function trim(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** "0.1" → "10", "0.125" → "12.5": the share as a percentage (exact, as text). */
export function shareToPercent(share: string): string {
  const [i = '0', f = ''] = share.split('.');
  const digits = `${i}${f.padEnd(4, '0')}`.replace(/^0+(?=\d)/, '');
  const hundredths = BigInt(digits || '0');
  const s = String(hundredths).padStart(3, '0');
  return trim(`${s.slice(0, -2)}.${s.slice(-2)}`);
}

/** "10" → "0.1", "12.5" → "0.125"; null unless a percentage below 100 with at most 2 decimals. */
export function percentToShare(percent: string): string | null {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!m) return null;
  const hundredths = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  const s = String(hundredths).padStart(5, '0');
  return trim(`${s.slice(0, -4)}.${s.slice(-4)}`);
}

const toForm = (l: AdminLevel): Form => ({
  id: String(l.id),
  names: { ...l.names },
  minVolume: l.minVolume,
  minBalance: l.minBalance ?? '',
  percent: shareToPercent(l.discount),
});

const AMOUNT = /^(0|[1-9]\d*)(\.\d{1,8})?$/;

export function VipLevelsPage() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: vipLevelsKey, queryFn: getLevels });
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<'id' | 'name' | 'minVolume' | 'minBalance' | 'percent', string>>>(
    {},
  );
  const [done, setDone] = useState<string | null>(null);
  const levels = q.data?.list ?? [];
  const creating = !levels.some((l) => String(l.id) === form.id);
  const save = useMutation({
    mutationFn: saveLevel,
    onSuccess: (level) => {
      void queryClient.invalidateQueries({ queryKey: vipLevelsKey });
      setForm(toForm(level));
      setDone(`${level.name} saved and written to the audit log. Users move at the next daily run.`);
    },
  });

  const columns: ColumnDef<AdminLevel>[] = [
    { id: 'id', header: 'Level', cell: ({ row }) => row.original.id },
    { id: 'name', header: 'Name (en)', cell: ({ row }) => row.original.names.en ?? row.original.name },
    {
      id: 'minVolume',
      header: '30-day volume (USDT)',
      meta: { align: 'end' },
      cell: ({ row }) => formatDecimal(row.original.minVolume, 0),
    },
    {
      id: 'minBalance',
      header: 'Balance (USDT)',
      meta: { align: 'end' },
      cell: ({ row }) => (row.original.minBalance ? formatDecimal(row.original.minBalance, 0) : '—'),
    },
    {
      id: 'discount',
      header: 'Fee discount',
      meta: { align: 'end' },
      cell: ({ row }) => `${shareToPercent(row.original.discount)}%`,
    },
    { id: 'users', header: 'Users', meta: { align: 'end' }, cell: ({ row }) => row.original.users },
    {
      id: 'edit',
      header: '',
      cell: ({ row }) => (
        <Button variant="secondary" size="sm" onClick={() => setForm(toForm(row.original))}>
          Edit {row.original.names.en ?? row.original.name}
        </Button>
      ),
    },
  ];

  function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const id = /^\d{1,2}$/.test(form.id) ? Number(form.id) : Number.NaN;
    const share = percentToShare(form.percent);
    const balance = form.minBalance.trim();
    const next: typeof errors = {};
    if (!(id >= 0 && id <= 99)) next.id = 'A whole number from 0 to 99';
    if (!form.names.en?.trim()) next.name = 'The English name is required';
    if (!AMOUNT.test(form.minVolume.trim())) next.minVolume = 'An amount of 0 or more';
    if (balance !== '' && !AMOUNT.test(balance)) next.minBalance = 'Empty (none) or an amount of 0 or more';
    if (share === null) next.percent = 'A percentage below 100, at most 2 decimals';
    if (id === 0 && (form.minVolume.trim() !== '0' || balance !== '')) {
      next.minVolume = 'Level 0 is everyone’s: volume 0 and no balance';
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || share === null) return;
    const names = Object.fromEntries(Object.entries(form.names).filter(([, v]) => v.trim() !== ''));
    save.mutate({
      creating,
      input: {
        id,
        names,
        minVolume: form.minVolume.trim(),
        minBalance: balance === '' ? null : balance,
        discount: share,
      },
    });
  }

  return (
    <>
      <PageHeader
        title="VIP levels"
        sub="Users reach a level by their 30-day trading volume in the real account (and, where set, their USDT balance); the level's discount comes off every fee they pay — margin, spot and exchange — rounded up to the smallest unit. Levels are recomputed once a day."
        actions={
          <Button variant="secondary" size="sm" onClick={() => q.refetch()}>
            Refresh
          </Button>
        }
      />
      <ErrorNote error={q.error} />
      <DataTable label="Levels" columns={columns} data={q.data?.list} loading={q.isLoading} rowKey={(l) => l.id} />
      {done ? <Notice tone="ok">{done}</Notice> : null}
      <Card
        title={creating ? 'New level' : `Edit level ${form.id}`}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setForm(EMPTY)}>
            New level
          </Button>
        }
      >
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            label="Level (rank)"
            inputMode="numeric"
            value={form.id}
            error={errors.id}
            onChange={(e) => setForm({ ...form, id: e.target.value })}
          />
          <TextField
            label="30-day volume (USDT)"
            inputMode="decimal"
            value={form.minVolume}
            error={errors.minVolume}
            onChange={(e) => setForm({ ...form, minVolume: e.target.value })}
          />
          <TextField
            label="Balance also required (USDT)"
            inputMode="decimal"
            value={form.minBalance}
            hint="Empty: none"
            error={errors.minBalance}
            onChange={(e) => setForm({ ...form, minBalance: e.target.value })}
          />
          <TextField
            label="Fee discount (%)"
            inputMode="decimal"
            value={form.percent}
            error={errors.percent}
            onChange={(e) => setForm({ ...form, percent: e.target.value })}
          />
          {LANGUAGES.map((lang) => (
            <TextField
              key={lang}
              label={`Name (${lang})`}
              value={form.names[lang] ?? ''}
              error={lang === 'en' ? errors.name : undefined}
              hint={lang === 'en' ? undefined : 'Empty: the English name'}
              onChange={(e) => setForm({ ...form, names: { ...form.names, [lang]: e.target.value } })}
            />
          ))}
          <ErrorNote error={save.error} />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {creating ? 'Create level' : 'Save level'}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}

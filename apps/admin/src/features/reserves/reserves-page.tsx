/**
 * Reserves: what the platform holds against its liabilities, per currency, as operators record it —
 * an amount at a wallet address or custodian, attested on a date. Every change is audited
 * (reserves.create / update / delete); the dashboard sets the totals against the latest proof of
 * liabilities.
 */
import type { Reserve } from '@openbourse/contracts/liabilities.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Card, ErrorNote, Notice, PageHeader, TextArea, TextField } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal } from '@/shared/format';
import { CoverageCard } from './coverage-card';
import { coverageKey, deleteReserve, getReserves, reservesKey, saveReserve } from './reserves-api';

interface Form {
  id: number | null;
  currency: string;
  amount: string;
  holder: string;
  attestedOn: string;
  note: string;
}

const EMPTY: Form = { id: null, currency: '', amount: '', holder: '', attestedOn: '', note: '' };
const AMOUNT = /^\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const toForm = (r: Reserve): Form => ({
  id: r.id,
  currency: r.currency,
  amount: r.amount,
  holder: r.holder,
  attestedOn: r.attestedOn,
  note: r.note,
});

export function ReservesPage() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: reservesKey, queryFn: getReserves });
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<'currency' | 'amount' | 'holder' | 'attestedOn', string>>>({});
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reservesKey });
    void queryClient.invalidateQueries({ queryKey: coverageKey });
  };
  const save = useMutation({
    mutationFn: saveReserve,
    onSuccess: (r) => {
      refresh();
      setForm(EMPTY);
      setDone(`${formatDecimal(r.amount, 0)} ${r.currency} at ${r.holder} saved and written to the audit log.`);
    },
  });
  const remove = useMutation({
    mutationFn: deleteReserve,
    onSuccess: ({ id }) => {
      refresh();
      if (form.id === id) setForm(EMPTY);
      setDone(`Record ${id} deleted and written to the audit log.`);
    },
  });

  const columns: ColumnDef<Reserve>[] = [
    { id: 'currency', header: 'Currency', cell: ({ row }) => <strong>{row.original.currency}</strong> },
    {
      id: 'amount',
      header: 'Amount',
      meta: { align: 'end' },
      cell: ({ row }) => formatDecimal(row.original.amount, 0),
    },
    { id: 'holder', header: 'Wallet or custodian', cell: ({ row }) => <code>{row.original.holder}</code> },
    { id: 'attestedOn', header: 'Attested', cell: ({ row }) => row.original.attestedOn },
    { id: 'note', header: 'Note', cell: ({ row }) => row.original.note || '—' },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) => (
        <div className="actions">
          <Button variant="secondary" size="sm" onClick={() => setForm(toForm(row.original))}>
            Edit {row.original.currency} {row.original.id}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete the ${row.original.currency} record at ${row.original.holder}?`))
                remove.mutate(row.original.id);
            }}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const next: typeof errors = {};
    if (!/^[A-Za-z0-9]{1,16}$/.test(form.currency.trim())) next.currency = 'A currency code, e.g. USDT';
    if (!AMOUNT.test(form.amount.trim())) next.amount = 'An amount of 0 or more, e.g. 1250000.5';
    if (!form.holder.trim()) next.holder = 'The wallet address or the custodian';
    if (!DAY.test(form.attestedOn.trim())) next.attestedOn = 'A date, YYYY-MM-DD';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate({
      id: form.id,
      input: {
        currency: form.currency.trim().toUpperCase(),
        amount: form.amount.trim(),
        holder: form.holder.trim(),
        attestedOn: form.attestedOn.trim(),
        note: form.note.trim(),
      },
    });
  }

  return (
    <>
      <PageHeader
        title="Reserves"
        sub="What the platform holds against what it owes users: each holding per currency at a wallet address or custodian, with the date it was attested. The dashboard compares the totals with the latest proof of liabilities."
        actions={
          <Button variant="secondary" size="sm" onClick={() => q.refetch()}>
            Refresh
          </Button>
        }
      />
      <ErrorNote error={q.error ?? remove.error} />
      <CoverageCard />
      <DataTable
        label="Recorded reserves"
        columns={columns}
        data={q.data?.list}
        loading={q.isLoading}
        rowKey={(r) => r.id}
        empty="No reserves recorded yet"
      />
      {done ? <Notice tone="ok">{done}</Notice> : null}
      <Card
        title={form.id === null ? 'Record a holding' : `Edit record ${form.id}`}
        actions={
          form.id === null ? null : (
            <Button variant="secondary" size="sm" onClick={() => setForm(EMPTY)}>
              New record
            </Button>
          )
        }
      >
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            label="Currency"
            value={form.currency}
            error={errors.currency}
            onChange={(e) => setForm({ ...form, currency: e.target.value })}
          />
          <TextField
            label="Amount"
            inputMode="decimal"
            value={form.amount}
            error={errors.amount}
            hint="At most the currency's decimals"
            onChange={(e) => setForm({ ...form, amount: e.target.value })}
          />
          <TextField
            label="Wallet address or custodian"
            value={form.holder}
            error={errors.holder}
            onChange={(e) => setForm({ ...form, holder: e.target.value })}
          />
          <TextField
            label="Attested on"
            type="date"
            value={form.attestedOn}
            error={errors.attestedOn}
            onChange={(e) => setForm({ ...form, attestedOn: e.target.value })}
          />
          <TextArea
            label="Note"
            value={form.note}
            hint="How it was attested: statement, signed message, on-chain read…"
            onChange={(e) => setForm({ ...form, note: e.target.value })}
          />
          <ErrorNote error={save.error} />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {form.id === null ? 'Record holding' : 'Save record'}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}

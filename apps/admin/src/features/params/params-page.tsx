/** Platform parameters: each typed and checked by the server; every edit audited with before and after. */
import type { AdminParam } from '@openbourse/contracts/admin.ts';
import { Badge, Button } from '@openbourse/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import type { z } from 'zod';
import { api, errorMessage } from '@/shared/api';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatTime } from '@/shared/format';

type Param = z.infer<typeof AdminParam>;

const TYPE_HINT: Record<Param['type'], string> = {
  boolean: 'true or false',
  decimal: 'a decimal number, e.g. 10000',
  fraction: 'a fraction from 0 to 1, e.g. 0.5',
  integer: 'a whole number',
  link: 'an https:// address',
  email: 'an email address',
  currency: 'a currency code, e.g. USDT',
  text: 'text',
};

function ValueEditor({ param }: { param: Param }) {
  const [value, setValue] = useState(param.value);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (next: string) => (await api.post<Param>(`params/${param.key}`, { value: next })).result,
    onSuccess: (p) => {
      setSavedAt(p.updatedAt);
      queryClient.setQueryData<Param[]>(['params'], (list) => list?.map((x) => (x.key === p.key ? p : x)));
    },
  });
  const dirty = value !== param.value;

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(value);
  }

  return (
    <form
      className="param-edit"
      onSubmit={submit}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {param.type === 'boolean' ? (
        <select aria-label={param.key} value={value} onChange={(e) => setValue(e.target.value)}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      ) : (
        <input
          aria-label={param.key}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          title={TYPE_HINT[param.type]}
          aria-invalid={save.isError || undefined}
        />
      )}
      <Button type="submit" size="sm" disabled={!dirty} loading={save.isPending}>
        Save
      </Button>
      {save.isError ? (
        <span className="field__error" role="alert">
          {errorMessage(save.error)} — expected {TYPE_HINT[param.type]}
        </span>
      ) : savedAt && !dirty ? (
        <span className="field__ok" role="status">
          Saved
        </span>
      ) : null}
    </form>
  );
}

export function ParamsPage() {
  const q = useQuery({ queryKey: ['params'], queryFn: async () => (await api.get<Param[]>('params')).result });
  const columns = useMemo<ColumnDef<Param>[]>(
    () => [
      {
        header: 'Parameter',
        accessorKey: 'key',
        cell: ({ row }) => (
          <span className="two-line">
            <code>{row.original.key}</code>
            <small className="wrap-text">{row.original.description}</small>
          </span>
        ),
      },
      { header: 'Value', id: 'value', cell: ({ row }) => <ValueEditor param={row.original} /> },
      { header: 'Type', accessorKey: 'type', cell: (c) => <Badge>{c.getValue<string>()}</Badge> },
      {
        header: 'Visibility',
        accessorKey: 'isPublic',
        cell: (c) => (c.getValue() ? <Badge tone="info">Public</Badge> : <Badge>Server only</Badge>),
      },
      { header: 'Changed', accessorKey: 'updatedAt', cell: (c) => formatTime(c.getValue<string>()) },
    ],
    [],
  );
  return (
    <>
      <PageHeader
        title="Parameters"
        sub="Platform settings. Each value is checked against its type; every process uses a new value within a second."
      />
      <DataTable
        label="Parameters"
        columns={columns}
        data={q.data}
        loading={q.isFetching}
        error={q.error}
        rowKey={(r) => r.key}
      />
    </>
  );
}

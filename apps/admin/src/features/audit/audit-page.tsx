/** The audit log: every admin action with who, role, what, when, from where, before and after. Read only. */
import type { AuditPage as AuditPageResult } from '@openbourse/contracts/admin.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { Dialog, Facts, PageHeader } from '@/shared/components';
import { type ColumnDef, CursorPager, DataTable } from '@/shared/data-table';
import { formatTime } from '@/shared/format';
import { Changes } from './changes';

type Page = z.infer<typeof AuditPageResult>;
type Entry = Page['items'][number];

interface Filters {
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}
const NONE: Filters = { adminId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** A date input (YYYY-MM-DD) as the start of that UTC day, or its end. */
const dayStart = (d: string) => (d ? `${d}T00:00:00.000Z` : undefined);
const dayEnd = (d: string) => (d ? `${d}T23:59:59.999Z` : undefined);

const COLUMNS: ColumnDef<Entry>[] = [
  { header: 'When', accessorKey: 'at', cell: (c) => formatTime(c.getValue<string>()) },
  {
    header: 'Who',
    id: 'who',
    cell: ({ row }) =>
      row.original.adminId === null ? (
        <span className="muted">system</span>
      ) : (
        <span>
          #{row.original.adminId} <span className={`role role--${row.original.role}`}>{row.original.role}</span>
        </span>
      ),
  },
  { header: 'Action', accessorKey: 'action', cell: (c) => <code>{c.getValue<string>()}</code> },
  {
    header: 'Target',
    id: 'target',
    cell: ({ row }) => (row.original.targetType ? `${row.original.targetType} ${row.original.targetId ?? ''}` : '—'),
  },
  { header: 'From', accessorKey: 'ip', cell: (c) => c.getValue<string | null>() ?? '—' },
];

export function AuditPage() {
  const [draft, setDraft] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const [open, setOpen] = useState<Entry | null>(null);

  const q = useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) =>
      (
        await api.get<Page>('audit', {
          query: {
            adminId: filters.adminId || undefined,
            action: filters.action.trim() || undefined,
            targetType: filters.targetType.trim() || undefined,
            targetId: filters.targetId.trim() || undefined,
            from: dayStart(filters.from),
            to: dayEnd(filters.to),
            beforeId: pageParam,
            limit: 50,
          },
        })
      ).result,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.items), [q.data]);

  const field = (k: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  function apply(e: FormEvent) {
    e.preventDefault();
    setFilters(draft);
  }

  return (
    <>
      <PageHeader
        title="Audit log"
        sub="Written in the same transaction as each action; the database refuses to change or delete a row, for every role."
      />
      <form className="toolbar toolbar--filters" onSubmit={apply} aria-label="Filter the audit log">
        <input
          aria-label="Admin id"
          placeholder="Admin id"
          inputMode="numeric"
          value={draft.adminId}
          onChange={field('adminId')}
        />
        <input
          aria-label="Action"
          placeholder="Action, e.g. instruments.edit"
          value={draft.action}
          onChange={field('action')}
        />
        <input
          aria-label="Target type"
          placeholder="Target type"
          value={draft.targetType}
          onChange={field('targetType')}
        />
        <input aria-label="Target id" placeholder="Target id" value={draft.targetId} onChange={field('targetId')} />
        <input aria-label="From" type="date" value={draft.from} onChange={field('from')} />
        <input aria-label="To" type="date" value={draft.to} onChange={field('to')} />
        <button type="submit" className="btn btn--primary btn--sm">
          Filter
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            setDraft(NONE);
            setFilters(NONE);
          }}
        >
          Clear
        </button>
      </form>
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        data={rows}
        loading={q.isFetching}
        error={q.error}
        rowKey={(r) => r.id}
        onRowClick={setOpen}
        empty="No entries match"
        footer={<CursorPager hasMore={q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => q.fetchNextPage()} />}
      />
      <Dialog title={open ? `Audit entry ${open.id}` : ''} open={open !== null} onClose={() => setOpen(null)} wide>
        {open ? (
          <>
            <Facts
              items={[
                ['When', formatTime(open.at)],
                ['Who', open.adminId === null ? 'system' : `admin #${open.adminId} (${open.role})`],
                ['Action', <code key="a">{open.action}</code>],
                ['Target', open.targetType ? `${open.targetType} ${open.targetId ?? ''}` : '—'],
                ['Address', open.ip ?? '—'],
                ['Browser', open.userAgent ?? '—'],
              ]}
            />
            <Changes before={open.before} after={open.after} />
          </>
        ) : null}
      </Dialog>
    </>
  );
}

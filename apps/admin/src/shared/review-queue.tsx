/**
 * A review queue (deposits, withdrawals, identity verification, loans): a status filter kept in the
 * address (waiting ones by default), a page of rows, and the chosen row's dialog, which replaces the
 * row in the cached pages when it decides (the dialog stays open on the decided row).
 */
import { keepPreviousData, type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from './components';
import { type ColumnDef, DataTable, Pager } from './data-table';
import { formatTime } from './format';

const SIZE = 25;

export interface ReviewQueueProps<T extends { id: number }, S extends string> {
  title: string;
  sub: string;
  /** The table's accessible name. */
  label: string;
  /** Every state a row may be in (an unknown `?status=` shows all). */
  states: readonly S[];
  /** The filter's options, waiting ones (`pending`, the default) first, then the others and `all`. */
  filters: readonly { value: string; label: string }[];
  columns: ColumnDef<T>[];
  queryKey(status: S | undefined, page: number, size: number): QueryKey;
  fetchPage(status: S | undefined, page: number, size: number): Promise<{ list: T[]; total: number }>;
  /** What an empty page says: nothing waiting, and nothing at all in the chosen state. */
  empty: { waiting: string; other: string };
  /** Puts a decided row into the cached pages. */
  replace(client: QueryClient, row: T): void;
  dialog(props: { row: T; onClose(): void; onDecided(row: T): void }): ReactNode;
}

/** The query string with some keys set or (null, '') removed, replacing the history entry. */
export function useSearchPatch() {
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return [params, set] as const;
}

/** The reviewer's column: who decided, and when. */
export function reviewerColumn<T extends { decidedBy: string | null; decidedAt: number | null }>(): ColumnDef<T> {
  return {
    id: 'reviewer',
    header: 'Reviewer',
    cell: ({ row }) =>
      row.original.decidedBy ? (
        <span className="two-line">
          {row.original.decidedBy}
          <small>{formatTime(row.original.decidedAt)}</small>
        </span>
      ) : (
        '—'
      ),
  };
}

export function ReviewQueue<T extends { id: number }, S extends string>(props: ReviewQueueProps<T, S>) {
  const [params, set] = useSearchPatch();
  const queryClient = useQueryClient();
  const filter = params.get('status') ?? 'pending';
  const status = (props.states as readonly string[]).includes(filter) ? (filter as S) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<T | null>(null);

  const list = useQuery({
    queryKey: props.queryKey(status, page, SIZE),
    queryFn: () => props.fetchPage(status, page, SIZE),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader title={props.title} sub={props.sub} />
      <div className="toolbar">
        <select
          aria-label="Status"
          value={status ?? 'all'}
          onChange={(e) => set({ status: e.target.value === 'pending' ? null : e.target.value, page: null })}
        >
          {props.filters.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        label={props.label}
        columns={props.columns}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty={status === 'pending' ? props.empty.waiting : props.empty.other}
        rowKey={(r) => r.id}
        onRowClick={setSelected}
        footer={
          list.data ? (
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => set({ page: String(p) })} />
          ) : null
        }
      />
      {selected ? (
        <Dialogue key={selected.id}>
          {props.dialog({
            row: selected,
            onClose: () => setSelected(null),
            onDecided: (row) => {
              props.replace(queryClient, row);
              setSelected(row);
            },
          })}
        </Dialogue>
      ) : null}
    </>
  );
}

/** Keyed by the row, so a dialog's own state starts afresh for another row. */
function Dialogue({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

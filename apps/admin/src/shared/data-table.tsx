/**
 * The console's one table: TanStack Table in manual mode, so sorting and paging happen on the
 * server (the table shows a page and says which column and direction it asks for).
 */
import { Spinner } from '@openbourse/ui';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { errorMessage } from './api';

export type { ColumnDef, SortingState };

interface DataTableProps<T> {
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column values are typed per column
  columns: ColumnDef<T, any>[];
  data: T[] | undefined;
  label: string;
  loading?: boolean;
  error?: unknown;
  empty?: ReactNode;
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  onRowClick?: (row: T) => void;
  rowKey: (row: T) => string | number;
  footer?: ReactNode;
}

export function DataTable<T>({
  columns,
  data,
  label,
  loading,
  error,
  empty = 'Nothing here yet',
  sorting,
  onSortingChange,
  onRowClick,
  rowKey,
  footer,
}: DataTableProps<T>) {
  const table = useReactTable({
    data: data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    state: sorting ? { sorting } : {},
    ...(onSortingChange ? { onSortingChange } : { enableSorting: false }),
  });
  const rows = table.getRowModel().rows;

  return (
    <div className="table-card">
      <div className="table-scroll">
        <table className="data-table" aria-label={label} aria-busy={loading || undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = Boolean(onSortingChange) && header.column.getCanSort();
                  const dir = header.column.getIsSorted();
                  const align = (header.column.columnDef.meta as { align?: string } | undefined)?.align;
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      className={align === 'end' ? 'num' : undefined}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                    >
                      {sortable ? (
                        <button type="button" className="th-sort" onClick={header.column.getToggleSortingHandler()}>
                          {content}
                          <span className="th-sort__mark" aria-hidden="true">
                            {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={onRowClick ? 'is-clickable' : undefined}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                // A row that opens something is reached by Tab and opened with Enter, as by a click.
                tabIndex={onRowClick ? 0 : undefined}
                onKeyDown={
                  onRowClick
                    ? (event) => {
                        if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row.original);
                      }
                    : undefined
                }
              >
                {row.getVisibleCells().map((cell) => {
                  const align = (cell.column.columnDef.meta as { align?: string } | undefined)?.align;
                  return (
                    <td key={cell.id} className={align === 'end' ? 'num' : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {error ? (
          <p className="table-note table-note--error" role="alert">
            {errorMessage(error)}
          </p>
        ) : loading && rows.length === 0 ? (
          <p className="table-note">
            <Spinner label="Loading" />
          </p>
        ) : rows.length === 0 ? (
          <p className="table-note">{empty}</p>
        ) : null}
      </div>
      {footer}
    </div>
  );
}

/** Page n of m, with previous and next, for a table whose total the server counted. */
export function Pager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  return (
    <nav className="pager" aria-label="Pages">
      <span className="pager__info">
        {from}–{to} of {total.toLocaleString('en')}
      </span>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="pager__page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** Older entries for a table paged by cursor (the audit log). */
export function CursorPager({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="btn btn--secondary btn--sm" disabled={loading} onClick={onMore}>
        Older entries
      </button>
    </nav>
  );
}

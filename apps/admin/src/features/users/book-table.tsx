/** One of a user's records in one book (real or demo), newest first, paged by the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/shared/api';
import { Card } from '@/shared/components';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { ModeSwitch } from './mode-switch';

export function BookTable<Page, Row>({
  userId,
  record,
  title,
  columns,
  rows,
  total,
  rowKey,
  empty,
  book,
  size = 25,
}: {
  userId: number;
  /** The path under users/:id/ ('statement', 'orders'). */
  record: string;
  title: string;
  columns: ColumnDef<Row>[];
  rows: (page: Page) => Row[];
  total: (page: Page) => number;
  rowKey: (row: Row) => number;
  empty: string;
  /** Only this book, without the switch (a withdrawal's review shows the real one). */
  book?: 'real' | 'demo';
  size?: number;
}) {
  const [chosen, setMode] = useState<'real' | 'demo'>('real');
  const mode = book ?? chosen;
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['user', userId, record, mode, page, size],
    queryFn: async () => (await api.get<Page>(`users/${userId}/${record}`, { query: { mode, page, size } })).result,
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title={title}
      actions={
        book ? undefined : (
          <ModeSwitch
            mode={mode}
            onChange={(m) => {
              setMode(m);
              setPage(1);
            }}
          />
        )
      }
    >
      <DataTable
        label={title}
        columns={columns}
        data={q.data ? rows(q.data) : undefined}
        loading={q.isFetching}
        error={q.error}
        rowKey={rowKey}
        empty={empty}
        footer={q.data ? <Pager page={page} size={size} total={total(q.data)} onPage={setPage} /> : null}
      />
    </Card>
  );
}

/** One of a user's records in one book (real or demo), newest first, paged by the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/shared/api';
import { Card } from '@/shared/components';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { ModeSwitch } from './mode-switch';

const SIZE = 25;

export function BookTable<Page, Row>({
  userId,
  record,
  title,
  columns,
  rows,
  total,
  rowKey,
  empty,
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
}) {
  const [mode, setMode] = useState<'real' | 'demo'>('real');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['user', userId, record, mode, page],
    queryFn: async () =>
      (await api.get<Page>(`users/${userId}/${record}`, { query: { mode, page, size: SIZE } })).result,
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title={title}
      actions={
        <ModeSwitch
          mode={mode}
          onChange={(m) => {
            setMode(m);
            setPage(1);
          }}
        />
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
        footer={q.data ? <Pager page={page} size={SIZE} total={total(q.data)} onPage={setPage} /> : null}
      />
    </Card>
  );
}

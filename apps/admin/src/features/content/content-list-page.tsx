/** Content items (footer, FAQ, notices …) with how many of the 11 languages each has. */
import type { AdminContentItem } from '@openbourse/contracts/admin.ts';
import { LANGUAGES } from '@openbourse/contracts/languages.ts';
import { Badge } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatTime } from '@/shared/format';
import { CONTENT_TYPES } from './content-types';

type Item = z.infer<typeof AdminContentItem>;

const COLUMNS: ColumnDef<Item>[] = [
  {
    header: 'Title (English)',
    id: 'title',
    cell: ({ row }) => (
      <span className="two-line">
        <strong>{row.original.translations.en?.title ?? '—'}</strong>
        <small>
          <code>{row.original.slug}</code>
        </small>
      </span>
    ),
  },
  { header: 'Type', accessorKey: 'type', cell: (c) => CONTENT_TYPES[c.getValue<number>()] ?? c.getValue<number>() },
  { header: 'Order', accessorKey: 'sort', meta: { align: 'end' } },
  {
    header: 'Languages',
    id: 'languages',
    cell: ({ row }) => {
      const n = LANGUAGES.filter((l) => row.original.translations[l]).length;
      return <Badge tone={n === LANGUAGES.length ? 'accent' : 'warn'}>{`${n} / ${LANGUAGES.length}`}</Badge>;
    },
  },
  { header: 'Changed', accessorKey: 'updatedAt', cell: (c) => formatTime(c.getValue<string>()) },
];

export function ContentListPage() {
  const navigate = useNavigate();
  const [type, setType] = useState('');
  const q = useQuery({ queryKey: ['content'], queryFn: async () => (await api.get<Item[]>('content')).result });
  const rows = useMemo(() => q.data?.filter((i) => !type || String(i.type) === type), [q.data, type]);
  return (
    <>
      <PageHeader
        title="Content"
        sub="Footer pages, help and FAQ, and notices, in all 11 languages. A language without its own text shows the English one."
        actions={
          <Link className="btn btn--primary btn--sm" to="/content/new">
            New item
          </Link>
        }
      />
      <div className="toolbar">
        <select aria-label="Type" value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">All types</option>
          {Object.entries(CONTENT_TYPES).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        label="Content"
        columns={COLUMNS}
        data={rows}
        loading={q.isFetching}
        error={q.error}
        rowKey={(r) => r.id}
        onRowClick={(r) => navigate(`/content/${r.id}`)}
      />
    </>
  );
}

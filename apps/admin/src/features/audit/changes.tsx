/** Before and after of an audited change, field by field, the changed fields marked. */
const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

function asRecord(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) return <p className="muted">No before or after recorded for this action.</p>;
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return (
    <table className="data-table data-table--plain changes" aria-label="Changes">
      <thead>
        <tr>
          <th>Field</th>
          <th>Before</th>
          <th>After</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => {
          const from = show(b?.[k]);
          const to = show(a?.[k]);
          return (
            <tr key={k} className={from !== to ? 'is-changed' : undefined}>
              <td>
                <code>{k}</code>
              </td>
              <td className="changes__before">{from}</td>
              <td className="changes__after">{to}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The customer's context beside the chat: who they are, level, identity, balances and recent orders. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorNote, Facts } from '@/shared/components';
import { formatDecimal, formatTime } from '@/shared/format';
import { getContext, supportKeys } from './support-api';

export function SupportContext({ conversationId }: { conversationId: number }) {
  const context = useQuery({
    queryKey: supportKeys.context(conversationId),
    queryFn: () => getContext(conversationId),
    staleTime: 30_000,
  });
  const c = context.data;
  return (
    <aside className="sup-context card" aria-label="Customer" data-testid="sup-context">
      <h2>Customer</h2>
      <ErrorNote error={context.error} />
      {c ? (
        <>
          <Facts
            items={[
              [
                'User',
                c.userId ? (
                  <Link key="user" to={`/users/${c.userId}`}>
                    {c.username ?? `#${c.userId}`} (#{c.userId})
                  </Link>
                ) : (
                  'Visitor (contact form)'
                ),
              ],
              ['Email', c.email ?? '—'],
              ['Phone', c.phone ?? '—'],
              ['Language', c.language],
              ['Level', c.level ? c.level.name || `VIP ${c.level.level}` : '—'],
              ['KYC', c.kyc ?? '—'],
              ['Status', c.status ?? '—'],
              ['Registered', c.registeredAt ? formatTime(c.registeredAt) : '—'],
            ]}
          />
          {c.userId ? (
            <>
              <h3>Balances</h3>
              {c.balances.length === 0 ? (
                <p className="muted">No balances.</p>
              ) : (
                <table className="data-table data-table--plain">
                  <thead>
                    <tr>
                      <th scope="col">Account</th>
                      <th scope="col" className="num">
                        Available
                      </th>
                      <th scope="col" className="num">
                        Locked
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.balances.map((b) => (
                      <tr key={`${b.mode}-${b.currency}`}>
                        <td>
                          {b.mode} {b.currency}
                        </td>
                        <td className="num">{formatDecimal(b.available)}</td>
                        <td className="num">{formatDecimal(b.locked)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <h3>Recent orders</h3>
              {c.recentOrders.length === 0 ? (
                <p className="muted">No orders.</p>
              ) : (
                <ul className="sup-orders">
                  {c.recentOrders.map((o) => (
                    <li key={`${o.kind}-${o.id}`}>
                      <span>
                        {o.instrument} · {o.side} · {o.kind}
                      </span>
                      <span className="muted">
                        {formatDecimal(o.amount)} · {o.status} · {formatTime(o.createdAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : null}
        </>
      ) : context.isPending ? (
        <p className="muted">Loading…</p>
      ) : null}
    </aside>
  );
}

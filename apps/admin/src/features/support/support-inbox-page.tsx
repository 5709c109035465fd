/**
 * The support inbox: response-time figures at the top; the conversations by filter (open, mine,
 * unassigned, closed) with their unread counts; the chosen one beside them with the customer's
 * context. Live over the agents' socket; while it is down, the lists are looked at every 4 s.
 */
import { SUPPORT_INBOX_FILTERS, type SupportInboxItem } from '@openbourse/contracts/support.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorNote, PageHeader, Stat } from '@/shared/components';
import { Pager } from '@/shared/data-table';
import { formatAgo } from '@/shared/format';
import { formatDuration, getInbox, getStats, INBOX_PAGE_SIZE, type InboxFilter, supportKeys } from './support-api';
import { SupportContext } from './support-context';
import { SupportConversation } from './support-conversation';
import { type AgentPush, useSupportLive } from './support-socket';
import './support.css';

const FILTERS = SUPPORT_INBOX_FILTERS.filter((f) => f !== 'all');
const LABEL: Record<InboxFilter, string> = {
  open: 'Open',
  mine: 'Mine',
  unassigned: 'Unassigned',
  closed: 'Closed',
  all: 'All',
};
const TYPING_MS = 5_000;

function Figures({ connected }: { connected: boolean }) {
  const stats = useQuery({
    queryKey: supportKeys.stats,
    queryFn: getStats,
    refetchInterval: connected ? 60_000 : 15_000,
  });
  const s = stats.data;
  return (
    <>
      <ErrorNote error={stats.error} />
      <div className="stats" data-testid="sup-stats">
        <Stat label="Open" value={s?.openCount ?? '—'} />
        <Stat label="Unassigned" value={s?.unassignedCount ?? '—'} />
        <Stat
          label="Waiting for us"
          value={s?.waitingCount ?? '—'}
          tone={s && s.waitingCount > 0 ? 'down' : undefined}
        />
        <Stat
          label="First response, median"
          value={formatDuration(s?.firstResponseMedianMs ?? null)}
          hint={s ? `${s.answered} answered in ${s.days} days` : undefined}
        />
        <Stat label="First response, 90th percentile" value={formatDuration(s?.firstResponseP90Ms ?? null)} />
      </div>
    </>
  );
}

function InboxRow({ item, active }: { item: SupportInboxItem; active: boolean }) {
  const last = item.lastMessage;
  const preview = last ? last.text || (last.attachment ? '[image]' : '') : '';
  return (
    <li>
      <Link
        to={`/support/${item.id}${window.location.search}`}
        className={`sup-row${active ? ' is-active' : ''}`}
        aria-current={active ? 'true' : undefined}
        data-testid="sup-row"
      >
        <span className="sup-row__top">
          <strong className="sup-row__name">{item.customerName}</strong>
          {item.visitor ? <span className="sup-tag">email</span> : null}
          {item.unreadByAgent > 0 ? (
            <span className="sup-unread" data-testid="sup-unread">
              {item.unreadByAgent}
              <span className="visually-hidden"> unread</span>
            </span>
          ) : null}
        </span>
        <span className="sup-row__preview">
          {last?.from === 'agent' ? 'You: ' : ''}
          {preview}
        </span>
        <span className="sup-row__meta muted">
          {item.assignedAgentName ?? 'unassigned'} ·{' '}
          {formatAgo(item.lastMessageAt ? new Date(item.lastMessageAt).toISOString() : null)}
        </span>
      </Link>
    </li>
  );
}

export function SupportInboxPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const params = useParams();
  const selected = params.id ? Number(params.id) : null;
  const [search, setSearch] = useSearchParams();
  const filter = (FILTERS as readonly string[]).includes(search.get('filter') ?? '')
    ? (search.get('filter') as InboxFilter)
    : 'open';
  const [page, setPage] = useState(1);
  const [typing, setTyping] = useState<Record<number, boolean>>({});
  const [readUpTo, setReadUpTo] = useState<Record<number, number>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const onPush = useCallback(
    (push: AgentPush) => {
      const conversationId =
        typeof push.conversationId === 'number'
          ? push.conversationId
          : ((push.conversation as { id?: number } | undefined)?.id ?? null);
      if (push.type === 'typing' && push.from === 'user' && conversationId !== null) {
        setTyping((t) => ({ ...t, [conversationId]: true }));
        clearTimeout(timers.current.get(conversationId));
        timers.current.set(
          conversationId,
          setTimeout(() => setTyping((t) => ({ ...t, [conversationId]: false })), TYPING_MS),
        );
        return;
      }
      if (push.type === 'read' && push.by === 'user' && conversationId !== null && typeof push.upTo === 'number') {
        const upTo = push.upTo;
        setReadUpTo((r) => ({ ...r, [conversationId]: Math.max(r[conversationId] ?? 0, upTo) }));
        return;
      }
      if (push.type === 'message' && conversationId !== null) {
        setTyping((t) => ({ ...t, [conversationId]: false }));
        queryClient.invalidateQueries({ queryKey: supportKeys.detail(conversationId) });
      }
      if (push.type === 'conversation' && conversationId !== null) {
        queryClient.invalidateQueries({ queryKey: supportKeys.detail(conversationId) });
      }
      queryClient.invalidateQueries({ queryKey: supportKeys.inboxAll });
      queryClient.invalidateQueries({ queryKey: supportKeys.stats });
    },
    [queryClient],
  );
  const connected = useSupportLive(onPush);
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all.values()) clearTimeout(t);
    };
  }, []);

  const inbox = useQuery({
    queryKey: supportKeys.inbox(filter, page),
    queryFn: () => getInbox(filter, page),
    placeholderData: keepPreviousData,
    refetchInterval: connected ? 30_000 : 4_000,
  });

  const choose = (f: InboxFilter) => {
    setPage(1);
    setSearch(f === 'open' ? {} : { filter: f });
  };

  return (
    <div className="sup-page">
      <PageHeader
        title="Support inbox"
        sub={
          <>
            Conversations with users and visitors.{' '}
            <span className={`sup-live${connected ? ' is-on' : ''}`} data-testid="sup-live">
              {connected ? 'Live' : 'Refreshing every few seconds'}
            </span>
          </>
        }
        actions={
          <Link className="btn btn--secondary btn--sm" to="/support-canned">
            Canned replies
          </Link>
        }
      />
      <Figures connected={connected} />
      <div className={`sup-layout${selected ? ' has-selection' : ''}`}>
        <section className="sup-list card" aria-label="Conversations">
          <nav className="tabs" aria-label="Filter">
            {FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                className={`tab${f === filter ? ' is-active' : ''}`}
                aria-pressed={f === filter}
                onClick={() => choose(f)}
                data-testid={`sup-filter-${f}`}
              >
                {LABEL[f]}
              </button>
            ))}
          </nav>
          <ErrorNote error={inbox.error} />
          {inbox.data && inbox.data.list.length === 0 ? (
            <p className="muted sup-empty">No {LABEL[filter].toLowerCase()} conversations.</p>
          ) : null}
          <ul className="sup-rows">
            {(inbox.data?.list ?? []).map((item) => (
              <InboxRow key={item.id} item={item} active={item.id === selected} />
            ))}
          </ul>
          {inbox.data && inbox.data.total > INBOX_PAGE_SIZE ? (
            <Pager page={page} size={INBOX_PAGE_SIZE} total={inbox.data.total} onPage={setPage} />
          ) : null}
        </section>
        {selected && Number.isSafeInteger(selected) && selected > 0 ? (
          <>
            <div className="sup-main">
              <button
                type="button"
                className="btn btn--ghost btn--sm sup-back"
                onClick={() => navigate(`/support${window.location.search}`)}
              >
                ← All conversations
              </button>
              <SupportConversation
                key={selected}
                id={selected}
                connected={connected}
                userTyping={typing[selected] ?? false}
                readUpTo={readUpTo[selected] ?? 0}
              />
            </div>
            <SupportContext conversationId={selected} />
          </>
        ) : (
          <p className="sup-pick muted">Choose a conversation.</p>
        )}
      </div>
    </div>
  );
}

/**
 * One conversation in the inbox: who it is with and its state (assign, close, reopen), the timeline,
 * and the box that answers the customer or writes an internal note; a canned reply is put in the
 * box in the customer's language, to be read over before sending.
 */
import { SUPPORT_TEXT_MAX, type SupportMessage } from '@openbourse/contracts/support.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ErrorNote } from '@/shared/components';
import { useSession } from '@/shared/session';
import {
  addNote,
  assign,
  cannedIn,
  closeConversation,
  getAgents,
  getCanned,
  getConversation,
  getOlderMessages,
  markConversationRead,
  reopenConversation,
  reply,
  sendAgentTyping,
  supportKeys,
} from './support-api';
import { Timeline } from './support-timeline';

type Mode = 'reply' | 'note';

function Composer({ id, language, visitor }: { id: number; language: string; visitor: boolean }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('reply');
  const [text, setText] = useState('');
  const canned = useQuery({ queryKey: supportKeys.canned, queryFn: getCanned, staleTime: 60_000 });
  const lastTyping = useRef(0);
  const send = useMutation({
    mutationFn: async (): Promise<unknown> => (mode === 'reply' ? reply(id, text.trim()) : addNote(id, text.trim())),
    onSuccess: () => {
      setText('');
      queryClient.invalidateQueries({ queryKey: supportKeys.detail(id) });
      queryClient.invalidateQueries({ queryKey: supportKeys.inboxAll });
      queryClient.invalidateQueries({ queryKey: supportKeys.stats });
    },
  });
  const submit = () => {
    if (text.trim() && !send.isPending) send.mutate();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <div className={`sup-composer sup-composer--${mode}`} data-testid="sup-composer">
      <div className="sup-composer__bar">
        <fieldset className="segmented" aria-label="Write">
          {(['reply', 'note'] as const).map((m) => (
            <label key={m} className={mode === m ? 'is-active' : ''}>
              <input type="radio" name={`mode-${id}`} checked={mode === m} onChange={() => setMode(m)} />
              {m === 'reply' ? (visitor ? 'Reply by email' : 'Reply') : 'Internal note'}
            </label>
          ))}
        </fieldset>
        {mode === 'reply' ? (
          <select
            className="sup-canned"
            aria-label={`Canned reply (in ${language})`}
            value=""
            onChange={(e) => {
              const chosen = canned.data?.find((c) => c.id === Number(e.target.value));
              if (chosen) setText((t) => (t.trim() ? `${t.trimEnd()}\n\n` : '') + cannedIn(chosen, language));
            }}
            data-testid="sup-canned"
          >
            <option value="">Canned reply ({language})…</option>
            {(canned.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {cannedIn(c, 'en', 'title')}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      <textarea
        className="sup-composer__input"
        value={text}
        maxLength={SUPPORT_TEXT_MAX}
        rows={3}
        aria-label={mode === 'reply' ? 'Reply to the customer' : 'Internal note (never sent to the customer)'}
        placeholder={mode === 'reply' ? 'Write a reply… (Ctrl+Enter sends)' : 'Only agents see notes'}
        onChange={(e) => {
          setText(e.target.value);
          const now = Date.now();
          if (mode === 'reply' && !visitor && now - lastTyping.current > 3_000) {
            lastTyping.current = now;
            sendAgentTyping(id).catch(() => undefined);
          }
        }}
        onKeyDown={onKeyDown}
        data-testid="sup-input"
      />
      <ErrorNote error={send.error} />
      <div className="sup-composer__foot">
        <span className="muted">
          {text.length > SUPPORT_TEXT_MAX - 200 ? `${SUPPORT_TEXT_MAX - text.length} characters left` : ''}
        </span>
        <button
          type="button"
          className={`btn btn--sm ${mode === 'note' ? 'btn--secondary' : 'btn--primary'}`}
          disabled={!text.trim() || send.isPending}
          onClick={submit}
          data-testid="sup-send"
        >
          {mode === 'reply' ? 'Send reply' : 'Add note'}
        </button>
      </div>
    </div>
  );
}

export function SupportConversation({
  id,
  connected,
  userTyping,
  readUpTo,
}: {
  id: number;
  connected: boolean;
  userTyping: boolean;
  readUpTo: number;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  const detail = useQuery({
    queryKey: supportKeys.detail(id),
    queryFn: () => getConversation(id),
    refetchInterval: connected ? 30_000 : 4_000,
  });
  const agents = useQuery({ queryKey: supportKeys.agents, queryFn: getAgents, staleTime: 5 * 60_000 });
  const [older, setOlder] = useState<SupportMessage[]>([]);
  const [olderPage, setOlderPage] = useState(1);
  const loadOlder = useMutation({
    mutationFn: () => getOlderMessages(id, olderPage + 1),
    onSuccess: (page) => {
      setOlder((list) => [...page.list, ...list]);
      setOlderPage(page.page);
    },
  });
  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: supportKeys.detail(id) });
      queryClient.invalidateQueries({ queryKey: supportKeys.inboxAll });
      queryClient.invalidateQueries({ queryKey: supportKeys.stats });
    },
  });

  // The customer's messages are read once the agent has the conversation open.
  const unread = detail.data?.conversation.unreadByAgent ?? 0;
  useEffect(() => {
    if (unread > 0) {
      markConversationRead(id)
        .then(() => queryClient.invalidateQueries({ queryKey: supportKeys.inboxAll }))
        .catch(() => undefined);
    }
  }, [id, unread, queryClient]);

  if (detail.error) return <ErrorNote error={detail.error} />;
  if (!detail.data) return <p className="muted">Loading…</p>;
  const { conversation: c, messages, notes } = detail.data;
  const shownIds = new Set(messages.list.map((m) => m.id));
  const all = [...older.filter((m) => !shownIds.has(m.id)), ...messages.list];
  const hasOlder = olderPage * messages.size < messages.total;
  const mine = c.assignedAgentId !== null && c.assignedAgentId === session?.admin.id;
  return (
    <section
      className="sup-conv card"
      aria-label={`Conversation with ${c.customerName}`}
      data-testid="sup-conversation"
    >
      <header className="sup-conv__head">
        <div>
          <h2>
            {c.customerName}
            {c.visitor ? <span className="sup-tag">Visitor · email</span> : null}
            <span className={`sup-tag sup-tag--${c.status}`}>{c.status}</span>
          </h2>
          <p className="muted">
            {c.customerEmail ?? 'no email'} · {c.language} ·{' '}
            {c.assignedAgentName ? `assigned to ${c.assignedAgentName}` : 'unassigned'}
          </p>
        </div>
        <div className="sup-conv__actions">
          {!mine ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => change.mutate(() => assign(id))}
              data-testid="sup-assign-me"
            >
              Assign to me
            </button>
          ) : null}
          <select
            aria-label="Assign to"
            value={c.assignedAgentId ?? ''}
            onChange={(e) => {
              // Read now: the controlled select goes back to the current agent before the call runs.
              const agentId = e.target.value ? Number(e.target.value) : null;
              change.mutate(() => assign(id, agentId));
            }}
            data-testid="sup-assign"
          >
            <option value="">Unassigned</option>
            {(agents.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.role})
              </option>
            ))}
          </select>
          {c.status === 'open' ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => change.mutate(() => closeConversation(id))}
              data-testid="sup-close"
            >
              Close
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => change.mutate(() => reopenConversation(id))}
              data-testid="sup-reopen"
            >
              Reopen
            </button>
          )}
        </div>
      </header>
      <ErrorNote error={change.error ?? loadOlder.error} />
      {hasOlder ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm sup-older"
          onClick={() => loadOlder.mutate()}
          disabled={loadOlder.isPending}
        >
          Show earlier messages
        </button>
      ) : null}
      <Timeline
        messages={all}
        notes={notes}
        customerName={c.customerName}
        userTyping={userTyping}
        readUpTo={readUpTo}
      />
      <Composer key={id} id={id} language={c.language} visitor={c.visitor} />
    </section>
  );
}

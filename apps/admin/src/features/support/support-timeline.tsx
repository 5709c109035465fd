/**
 * A conversation's timeline: the messages (customer on one side, support on the other, text shown as
 * text) and the internal notes between them, in time order; notes stand out and say they are never
 * sent to the customer.
 */
import type { SupportMessage, SupportNote } from '@openbourse/contracts/support.ts';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { Dialog } from '@/shared/components';
import { ProofViewer, useObjectUrl } from '@/features/deposits/proof-viewer';
import { fetchAdminFile } from '@/shared/api';
import { formatTime } from '@/shared/format';

type Entry = { kind: 'message'; at: number; item: SupportMessage } | { kind: 'note'; at: number; item: SupportNote };

/** Messages and notes in one list, oldest first (ties: messages by id before notes). */
export function timeline(messages: readonly SupportMessage[], notes: readonly SupportNote[]): Entry[] {
  const entries: Entry[] = [
    ...messages.map((m) => ({ kind: 'message' as const, at: m.createdAt, item: m })),
    ...notes.map((n) => ({ kind: 'note' as const, at: n.createdAt, item: n })),
  ];
  return entries.sort(
    (a, b) => a.at - b.at || (a.kind === b.kind ? a.item.id - b.item.id : a.kind === 'message' ? -1 : 1),
  );
}

function Attachment({ fileId }: { fileId: string }) {
  const [open, setOpen] = useState(false);
  const image = useQuery({
    queryKey: ['file', fileId],
    queryFn: ({ signal }) => fetchAdminFile(fileId, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useObjectUrl(image.data);
  return (
    <>
      <button type="button" className="sup-image" onClick={() => setOpen(true)} aria-label="Open the attached image">
        {url ? <img src={url} alt="" /> : <span className="muted">{image.error ? 'Not loaded' : 'Loading…'}</span>}
      </button>
      <Dialog title="Attached image" open={open} onClose={() => setOpen(false)} wide>
        {open ? <ProofViewer fileId={fileId} name="chat" alt="An image the customer attached" /> : null}
      </Dialog>
    </>
  );
}

export function Timeline({
  messages,
  notes,
  customerName,
  userTyping,
  readUpTo,
}: {
  messages: readonly SupportMessage[];
  notes: readonly SupportNote[];
  customerName: string;
  userTyping: boolean;
  /** The customer read support's messages up to this id (pushed). */
  readUpTo: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const entries = timeline(messages, notes);
  const lastKey = entries.length ? `${entries[entries.length - 1]?.kind}${entries[entries.length - 1]?.item.id}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the newest entry changes
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lastKey, userTyping]);
  return (
    <div
      className="sup-timeline"
      ref={box}
      role="log"
      aria-label="Conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
      tabIndex={0}
      data-testid="sup-timeline"
    >
      {entries.length === 0 ? <p className="muted">No messages yet.</p> : null}
      <ol className="sup-entries">
        {entries.map((e) =>
          e.kind === 'note' ? (
            <li key={`n${e.item.id}`} className="sup-note" data-testid="sup-note">
              <span className="sup-note__label">Internal note · {e.item.agentName} · not sent to the customer</span>
              <p className="sup-text">{e.item.text}</p>
              <time className="sup-meta">{formatTime(e.item.createdAt)}</time>
            </li>
          ) : (
            <li
              key={`m${e.item.id}`}
              className={`sup-msg sup-msg--${e.item.from}`}
              data-testid={`sup-msg-${e.item.from}`}
            >
              <span className="sup-meta">
                {e.item.from === 'user'
                  ? customerName
                  : e.item.from === 'agent'
                    ? (e.item.agentName ?? 'Support')
                    : 'System'}
              </span>
              <div className="sup-bubble">
                {e.item.attachment ? <Attachment fileId={e.item.attachment.fileId} /> : null}
                {e.item.text ? <p className="sup-text">{e.item.text}</p> : null}
              </div>
              <span className="sup-meta">
                {formatTime(e.item.createdAt)}
                {e.item.from === 'agent' ? (
                  <span data-testid="sup-read"> · {e.item.read || e.item.id <= readUpTo ? 'Read' : 'Delivered'}</span>
                ) : null}
              </span>
            </li>
          ),
        )}
      </ol>
      {userTyping ? (
        <p className="sup-typing" data-testid="sup-typing">
          {customerName} is typing…
        </p>
      ) : null}
    </div>
  );
}

import type { SupportMessage, SupportStatus } from '@openbourse/contracts/support.ts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/shared/lib/api-client';
import { onLiveChannel } from '@/shared/lib/live-feed';
import { useSession } from '@/shared/session/use-session';
import { uploadChatImage } from '../api/files';
import {
  getHistory,
  markRead,
  olderPage,
  sendMessage,
  sendTyping,
  supportKeys,
  toChatMessage,
} from '../api/support-api';
import { type ChatMessage, lastTheirsId, markReadUpTo, mergeMessages, newClientId } from '../lib/chat';

/** How long "support is typing" shows after the last push of it. */
export const TYPING_SHOWN_MS = 5_000;
/** At most one "I am typing" every this often. */
export const TYPING_SENT_EVERY_MS = 3_000;

interface Outgoing {
  text: string;
  file: File | null;
  fileId: string | null;
  error: string | null;
}

/**
 * The conversation: the history (older pages on demand), the messages pushed on the live feed
 * (`{"ch":"support","type":"message"|"typing"|"read"|"status"}`), the user's own being sent (shown
 * at once, marked failed with a retry when refused), the typing and read marks both ways.
 */
export function useChat() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const history = useInfiniteQuery({
    queryKey: supportKeys.history(token),
    queryFn: ({ pageParam, signal }) => getHistory(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: olderPage,
    enabled: Boolean(token),
    // A safety net for a push lost while the socket was away.
    refetchInterval: 30_000,
  });
  const [extra, setExtra] = useState<ChatMessage[]>([]);
  const [readUpTo, setReadUpTo] = useState(0);
  const [theirTyping, setTheirTyping] = useState(false);
  const [status, setStatus] = useState<SupportStatus | null>(null);
  const outgoing = useRef(new Map<string, Outgoing>());

  const fromHistory = useMemo(
    () => (history.data?.pages ?? []).flatMap((p) => p.list.map(toChatMessage)),
    [history.data],
  );
  const messages = useMemo(() => {
    const merged = mergeMessages(fromHistory, extra);
    return readUpTo > 0 ? markReadUpTo(merged, readUpTo) : merged;
  }, [fromHistory, extra, readUpTo]);

  const upsert = useCallback((m: ChatMessage, replacing?: string) => {
    setExtra((list) => [...list.filter((x) => x.key !== m.key && x.key !== replacing), m]);
  }, []);

  // Live pushes.
  useEffect(() => {
    if (!token) return;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const off = onLiveChannel('support', (push) => {
      if (push.type === 'message' && push.message && typeof push.message === 'object') {
        const m = toChatMessage(push.message as SupportMessage);
        upsert(m);
        if (!m.mine) setTheirTyping(false);
        if (typeof push.unread === 'number') client.setQueryData(supportKeys.unread(token), push.unread);
      } else if (push.type === 'typing' && push.from === 'agent') {
        setTheirTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTheirTyping(false), TYPING_SHOWN_MS);
      } else if (push.type === 'read' && push.by === 'agent' && typeof push.upTo === 'number') {
        const upTo = push.upTo;
        setReadUpTo((prev) => Math.max(prev, upTo));
      } else if (push.type === 'status' && (push.status === 'open' || push.status === 'closed')) {
        setStatus(push.status);
      }
    });
    return () => {
      off();
      clearTimeout(typingTimer);
    };
  }, [client, token, upsert]);

  // The user has seen support's newest message: marked read (and the badge cleared).
  const newestTheirs = lastTheirsId(messages);
  const markedUpTo = useRef(0);
  useEffect(() => {
    if (!token || newestTheirs === null || newestTheirs <= markedUpTo.current) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    markedUpTo.current = newestTheirs;
    client.setQueryData(supportKeys.unread(token), 0);
    markRead().catch(() => {
      markedUpTo.current = 0;
    });
  }, [client, token, newestTheirs]);

  const deliver = useCallback(async (key: string) => {
    const out = outgoing.current.get(key);
    if (!out) return;
    try {
      if (out.file && !out.fileId) out.fileId = (await uploadChatImage(out.file)).id;
      const sent = await sendMessage({ text: out.text, ...(out.fileId ? { fileId: out.fileId } : {}) });
      outgoing.current.delete(key);
      setExtra((list) => {
        const shown = list.find((x) => x.key === key);
        const next = toChatMessage(sent);
        // One's own image stays the local preview (no second download).
        if (shown?.imageUrl && next.imageUrl) next.imageUrl = shown.imageUrl;
        const pushed = list.find((x) => x.key === next.key);
        if (pushed?.status === 'read') next.status = 'read';
        return [...list.filter((x) => x.key !== key && x.key !== next.key), next];
      });
      setStatus('open');
    } catch (error) {
      out.error = errorMessage(error);
      setExtra((list) => list.map((x) => (x.key === key ? { ...x, status: 'failed' } : x)));
    }
  }, []);

  const send = useCallback(
    (text: string, image: { file: File; previewUrl: string } | null) => {
      const key = newClientId();
      outgoing.current.set(key, { text, file: image?.file ?? null, fileId: null, error: null });
      upsert({
        key,
        id: null,
        mine: true,
        text,
        imageUrl: image?.previewUrl ?? null,
        createdAt: Date.now(),
        author: null,
        status: 'sending',
      });
      void deliver(key);
    },
    [deliver, upsert],
  );

  const retry = useCallback(
    (key: string) => {
      setExtra((list) => list.map((x) => (x.key === key ? { ...x, status: 'sending' } : x)));
      void deliver(key);
    },
    [deliver],
  );

  const failure = useCallback((key: string) => outgoing.current.get(key)?.error ?? null, []);

  const lastTyping = useRef(0);
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_SENT_EVERY_MS) return;
    lastTyping.current = now;
    sendTyping().catch(() => undefined);
  }, []);

  return { history, messages, theirTyping, status, send, retry, failure, typing };
}

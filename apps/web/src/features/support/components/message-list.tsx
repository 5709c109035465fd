import { Fragment, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { useSession } from '@/shared/session/use-session';
import { type ChatMessage, newDay } from '../lib/chat';
import { MessageBubble } from './message-bubble';

const timeOf = (ms: number, lang: string) =>
  new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(ms));
const dayOf = (ms: number, lang: string) =>
  new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(ms));

/**
 * The conversation, oldest at the top: earlier messages on demand (the view keeps its place when
 * they arrive), a day line between days, support's typing at the bottom. A new message scrolls to
 * it when the reader was at the bottom already (or wrote it).
 */
export function MessageList({
  messages,
  hasOlder,
  loadingOlder,
  onOlder,
  theirTyping,
  onRetry,
  failure,
}: {
  messages: readonly ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder(): void;
  theirTyping: boolean;
  onRetry(key: string): void;
  failure(key: string): string | null;
}) {
  const { t } = useTranslation();
  const lang = useSession((s) => s.language);
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const before = useRef<{ first: string | undefined; height: number }>({ first: undefined, height: 0 });
  const last = messages[messages.length - 1];

  // Keeps the reader's place when older messages come in above, else follows the newest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages or typing change
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = messages[0]?.key;
    if (before.current.first !== undefined && first !== before.current.first && el.scrollTop < 40) {
      el.scrollTop += el.scrollHeight - before.current.height;
    } else if (atBottom.current || last?.mine) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { first, height: el.scrollHeight };
  }, [messages, theirTyping]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 60;
    before.current.height = el.scrollHeight;
  };

  return (
    <div
      className="chat-log"
      ref={box}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-label={t('support.chat.log')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it (axe scrollable-region-focusable)
      tabIndex={0}
      data-testid="chat-log"
    >
      {hasOlder ? (
        <div className="chat-older">
          <Button variant="ghost" size="sm" onClick={onOlder} loading={loadingOlder} data-testid="chat-older">
            {t('support.chat.older')}
          </Button>
        </div>
      ) : null}
      <ol className="chat-list">
        {messages.map((m, i) => (
          <Fragment key={m.key}>
            {newDay(messages[i - 1], m) ? (
              <li className="chat-day" aria-hidden="true">
                <span>{dayOf(m.createdAt, lang)}</span>
              </li>
            ) : null}
            <MessageBubble message={m} time={timeOf(m.createdAt, lang)} onRetry={onRetry} failure={failure(m.key)} />
          </Fragment>
        ))}
      </ol>
      {theirTyping ? (
        <p className="chat-typing" data-testid="chat-typing">
          <span className="chat-typing__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {t('support.chat.typing')}
        </p>
      ) : null}
    </div>
  );
}

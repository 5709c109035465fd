import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconHeadset } from '@/shared/components/icons';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton } from '@/shared/components/skeleton';
import { useChat } from '../hooks/use-chat';
import { Composer } from './composer';
import { MessageList } from './message-list';

/** The signed-in user's conversation with support: the messages, and the box to write in. */
export function ChatPanel() {
  const { t } = useTranslation();
  const chat = useChat();
  const { history } = chat;
  const empty = history.isSuccess && chat.messages.length === 0;
  return (
    <section className="chat card" aria-label={t('support.chat.title')} data-testid="chat">
      <header className="chat__head">
        <span className="chat__avatar" aria-hidden="true">
          <IconHeadset />
        </span>
        <span className="chat__who">
          <span className="chat__title">{t('support.chat.title')}</span>
          <span className="chat__hours">{t('support.chat.hours')}</span>
        </span>
      </header>
      {history.isPending ? (
        <div className="chat-log chat-log--loading" aria-busy="true">
          <Skeleton height="2.5em" />
          <Skeleton height="2.5em" />
        </div>
      ) : history.isError && chat.messages.length === 0 ? (
        <div className="chat-log">
          <QueryError error={history.error} onRetry={() => history.refetch()} />
        </div>
      ) : empty ? (
        <div className="chat-log chat-log--empty" data-testid="chat-empty">
          <EmptyState icon={<IconHeadset />} title={t('support.chat.emptyTitle')} text={t('support.chat.emptyText')} />
        </div>
      ) : (
        <MessageList
          messages={chat.messages}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          onOlder={() => history.fetchNextPage()}
          theirTyping={chat.theirTyping}
          onRetry={chat.retry}
          failure={chat.failure}
        />
      )}
      {chat.status === 'closed' ? <p className="chat-closed muted">{t('support.chat.closed')}</p> : null}
      <Composer onSend={chat.send} onTyping={chat.typing} />
    </section>
  );
}

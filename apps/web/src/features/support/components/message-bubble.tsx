import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck } from '@/shared/components/icons';
import { Modal } from '@/shared/components/modal';
import { usePrivateImage } from '../api/files';
import type { ChatMessage } from '../lib/chat';

/** An attachment: a thumbnail that opens the whole image in a dialog. */
function Attachment({ url }: { url: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { src, failed } = usePrivateImage(url);
  if (failed) return <span className="chat-image chat-image--missing">{t('support.chat.imageMissing')}</span>;
  return (
    <>
      <button type="button" className="chat-image" onClick={() => setOpen(true)} data-testid="chat-image">
        {src ? <img src={src} alt="" /> : <span className="chat-image__loading" />}
        <span className="visually-hidden">{t('support.chat.imageOpen')}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('support.chat.imageTitle')} testId="chat-image-zoom">
        {src ? <img src={src} alt={t('support.chat.imageTitle')} className="chat-zoom__img" /> : null}
      </Modal>
    </>
  );
}

/** ✓ sent, ✓✓ read by support; "sending…"; failed with a retry. */
function Status({ message, onRetry, failure }: { message: ChatMessage; onRetry(): void; failure: string | null }) {
  const { t } = useTranslation();
  if (message.status === 'sending') {
    return <span className="chat-status">{t('support.chat.sending')}</span>;
  }
  if (message.status === 'failed') {
    return (
      <span className="chat-status chat-status--failed" role="alert">
        {failure ?? t('support.chat.failed')}{' '}
        <button type="button" className="chat-retry" onClick={onRetry} data-testid="chat-retry">
          {t('support.chat.retry')}
        </button>
      </span>
    );
  }
  const read = message.status === 'read';
  return (
    <span className={`chat-status${read ? ' chat-status--read' : ''}`} data-testid="chat-status" data-read={read}>
      <span aria-hidden="true" className="chat-ticks">
        <IconCheck />
        {read ? <IconCheck /> : null}
      </span>
      <span className={read ? '' : 'visually-hidden'}>{read ? t('support.chat.read') : t('support.chat.sent')}</span>
    </span>
  );
}

/** One message: its text as text (never HTML; line breaks kept), its image, its time and state. */
export function MessageBubble({
  message,
  time,
  onRetry,
  failure,
}: {
  message: ChatMessage;
  time: string;
  onRetry(key: string): void;
  failure: string | null;
}) {
  const { t } = useTranslation();
  const side = message.mine ? 'mine' : 'theirs';
  return (
    <li className={`chat-msg chat-msg--${side}`} data-testid={`chat-msg-${side}`}>
      {message.mine ? null : <span className="chat-msg__author">{message.author ?? t('support.chat.agent')}</span>}
      <div className="chat-bubble">
        {message.imageUrl ? <Attachment url={message.imageUrl} /> : null}
        {message.text ? (
          <p className="chat-bubble__text" data-testid="chat-text">
            {message.text}
          </p>
        ) : null}
      </div>
      <span className="chat-msg__meta">
        <time dateTime={new Date(message.createdAt).toISOString()}>{time}</time>
        {message.mine ? <Status message={message} failure={failure} onRetry={() => onRetry(message.key)} /> : null}
      </span>
    </li>
  );
}

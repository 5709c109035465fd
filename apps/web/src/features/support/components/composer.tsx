import { type ChangeEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconClose } from '@/shared/components/icons';
import { canSend, charactersLeft, MESSAGE_MAX } from '../lib/chat';
import { imageError, IMAGE_ACCEPT } from '../lib/image';

const IconAttach = () => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M20 11.5l-8.1 8.1a5 5 0 01-7.1-7.1l8.5-8.5a3.3 3.3 0 014.7 4.7l-8.5 8.5a1.7 1.7 0 01-2.4-2.4l7.8-7.8" />
  </svg>
);
const IconSend = () => (
  <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="currentColor" aria-hidden="true">
    <path d="M3.4 20.4l17.45-7.48a1 1 0 000-1.84L3.4 3.6a.99.99 0 00-1.39.91L2 9.12c0 .5.37.93.87.99L17 12 2.87 13.88c-.5.07-.87.5-.87 1l.01 4.61c0 .71.73 1.2 1.39.91z" />
  </svg>
);

export interface PickedImage {
  file: File;
  previewUrl: string;
}

/**
 * The box the user writes in: Enter sends, Shift+Enter starts a new line (and nothing is sent
 * while an input method is composing); the characters left show near the limit; an image is picked,
 * previewed and sent with the text (or alone).
 */
export function Composer({
  onSend,
  onTyping,
}: {
  onSend(text: string, image: PickedImage | null): void;
  onTyping(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [image, setImage] = useState<PickedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const left = charactersLeft(text);
  const ready = canSend(text, image !== null);

  // A preview not sent is let go when the page goes (a sent one stays with its message).
  const pending = useRef<PickedImage | null>(null);
  pending.current = image;
  useEffect(
    () => () => {
      if (pending.current) URL.revokeObjectURL(pending.current.previewUrl);
    },
    [],
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    onSend(text.trim(), image);
    setText('');
    setImage(null);
    setError(null);
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = imageError(file);
    if (refused) {
      setError(refused);
      return;
    }
    setError(null);
    if (image) URL.revokeObjectURL(image.previewUrl);
    setImage({ file, previewUrl: URL.createObjectURL(file) });
  };

  const removeImage = () => {
    if (image) URL.revokeObjectURL(image.previewUrl);
    setImage(null);
  };

  return (
    <form className="chat-composer" onSubmit={submit} data-testid="chat-composer">
      {image ? (
        <div className="chat-preview" data-testid="chat-preview">
          <img src={image.previewUrl} alt={t('support.chat.previewAlt')} />
          <button
            type="button"
            className="icon-button"
            onClick={removeImage}
            aria-label={t('support.chat.removeImage')}
          >
            <IconClose />
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className="chat-composer__row">
        <button
          type="button"
          className="icon-button chat-composer__attach"
          onClick={() => fileInput.current?.click()}
          aria-label={t('support.chat.attach')}
          title={t('support.chat.attach')}
          data-testid="chat-attach"
        >
          <IconAttach />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          onChange={onPick}
          data-testid="chat-file"
          aria-label={t('support.chat.attach')}
        />
        <textarea
          ref={area}
          className="chat-composer__input"
          value={text}
          rows={1}
          maxLength={MESSAGE_MAX}
          placeholder={t('support.chat.placeholder')}
          aria-label={t('support.chat.placeholder')}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value) onTyping();
          }}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="btn btn--primary btn--md chat-composer__send"
          disabled={!ready}
          aria-label={t('support.chat.send')}
          data-testid="chat-send"
        >
          <IconSend />
        </button>
      </div>
      <div className="chat-composer__hints">
        <span className="chat-composer__hint">{t('support.chat.enterHint')}</span>
        {left !== null ? (
          <span
            className={`chat-counter${left < 50 ? ' chat-counter--low' : ''}`}
            data-testid="chat-counter"
            aria-live="polite"
          >
            {t('support.chat.left', { count: left })}
          </span>
        ) : null}
      </div>
    </form>
  );
}

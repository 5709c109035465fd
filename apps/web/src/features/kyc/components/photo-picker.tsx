import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconCheck, IconClose, IconDocument } from '@/shared/components/icons';
import { i18nLanguage } from '@/shared/i18n/i18n';
import { useSession } from '@/shared/session/use-session';
import { fileSize, PHOTO_ACCEPT } from '../lib/photo';

/** A chosen photo: its local preview (null for JPEG 2000, which browsers cannot show) and, once uploaded, its id. */
export interface Photo {
  file: File;
  url: string | null;
  id: string | null;
}

/**
 * One of the three photos: a picker (the camera on a phone), then the preview of what was chosen
 * while and after it uploads, with Remove. Errors (the browser's size check, the server's) go below.
 */
export function PhotoPicker({
  slot,
  label,
  optional,
  capture,
  photo,
  error,
  onPick,
  onRemove,
}: {
  slot: 'front' | 'back' | 'inHand';
  label: string;
  optional?: boolean;
  capture: 'environment' | 'user';
  photo: Photo | null;
  error?: string;
  onPick(file: File): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const isDesktop = useSession((s) => s.isDesktop);
  const lang = useSession((s) => s.language);
  const inputId = `kyc-photo-${slot}`;
  const uploading = Boolean(photo && !photo.id);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (after a refusal or a removal) fires a change again.
    event.target.value = '';
    if (file) onPick(file);
  };

  return (
    <div
      className={`field kyc-photo ${error ? 'field--invalid' : ''}`.trim()}
      data-testid={`kyc-photo-${slot}`}
      data-state={photo ? (photo.id ? 'uploaded' : 'uploading') : 'empty'}
    >
      <span className="field__label" id={`${inputId}-label`}>
        {label}
        {optional ? <span className="kyc-photo__optional"> ({t('kyc.form.optional')})</span> : null}
      </span>
      <div className="kyc-photo__frame">
        {photo ? (
          photo.url ? (
            <img className="kyc-photo__img" src={photo.url} alt={label} data-testid={`kyc-photo-${slot}-preview`} />
          ) : (
            <span className="kyc-photo__file" data-testid={`kyc-photo-${slot}-file`}>
              <IconDocument />
              <span dir="auto">{photo.file.name}</span>
              <span className="kyc-photo__size" dir="ltr">
                {fileSize(photo.file.size, i18nLanguage(lang))}
              </span>
              <span className="kyc-photo__nopreview">{t('kyc.form.noPreview')}</span>
            </span>
          )
        ) : (
          <label className="kyc-photo__pick" htmlFor={inputId}>
            <IconDocument className="kyc-photo__pick-icon" />
            <span>{isDesktop ? t('kyc.form.choosePhoto') : t('kyc.form.takePhoto')}</span>
          </label>
        )}
        <input
          id={inputId}
          type="file"
          accept={PHOTO_ACCEPT}
          capture={isDesktop ? undefined : capture}
          className="visually-hidden"
          onChange={choose}
          disabled={uploading}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={error ? `${inputId}-help` : 'kyc-photo-hint'}
          aria-invalid={error ? true : undefined}
          data-testid={`kyc-photo-${slot}-input`}
        />
      </div>
      {photo ? (
        <div className="kyc-photo__status">
          {photo.id ? (
            <span className="kyc-photo__done">
              <IconCheck /> {t('kyc.form.uploaded')}
            </span>
          ) : (
            <span className="kyc-photo__busy">{t('kyc.form.uploading')}</span>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            disabled={uploading}
            data-testid={`kyc-photo-${slot}-remove`}
          >
            <IconClose />
            {t('kyc.form.removePhoto')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p className="field__error" id={`${inputId}-help`} role="alert" data-testid={`kyc-photo-${slot}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

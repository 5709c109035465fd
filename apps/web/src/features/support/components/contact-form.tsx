import { CONTACT_MESSAGE_MAX } from '@openbourse/contracts/support.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconCheck } from '@/shared/components/icons';
import { TextField } from '@/shared/components/text-field';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { sendContact } from '../api/support-api';

type Field = 'name' | 'email' | 'message';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the form can tell before sending, as the server would answer (40083 name, 40084 email, 40081 message). */
export function contactErrors(v: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!v.name.trim() || v.name.trim().length > 100) errors.name = errorText(ErrorCode.SupportContactName);
  if (!EMAIL.test(v.email.trim())) errors.email = errorText(ErrorCode.SupportContactEmail);
  if (!v.message.trim()) errors.message = errorText(ErrorCode.SupportEmptyMessage);
  else if (v.message.length > CONTACT_MESSAGE_MAX) errors.message = errorText(ErrorCode.SupportTextTooLong);
  return errors;
}

const FIELD_OF: Record<number, Field> = {
  [ErrorCode.SupportContactName]: 'name',
  [ErrorCode.SupportContactEmail]: 'email',
  [ErrorCode.SupportEmptyMessage]: 'message',
  [ErrorCode.SupportTextTooLong]: 'message',
};

/** The visitors' way to write to support: their answer comes by email. */
export function ContactForm() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useMutation({
    mutationFn: () =>
      sendContact({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        language,
      }),
    onError: (error) => {
      const field =
        error instanceof ApiError ? ((error.field as Field | undefined) ?? FIELD_OF[error.code]) : undefined;
      if (field && field in values) setErrors({ [field]: errorMessage(error) });
    },
  });

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = contactErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  };

  if (mutation.isSuccess) {
    return (
      <div className="contact-done" role="status" data-testid="contact-done">
        <IconCheck className="contact-done__icon" />
        <p className="contact-done__title">{t('support.contact.doneTitle')}</p>
        <p className="muted">{t('support.contact.doneText', { email: values.email.trim() })}</p>
      </div>
    );
  }

  const generalError =
    mutation.error && !(mutation.error instanceof ApiError && (mutation.error.field || FIELD_OF[mutation.error.code]));
  return (
    <form className="contact-form" onSubmit={submit} noValidate data-testid="contact-form">
      <p className="muted">{t('support.contact.text')}</p>
      <TextField
        label={t('support.contact.name')}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        autoComplete="name"
        maxLength={100}
        testId="contact-name"
      />
      <TextField
        label={t('support.contact.email')}
        type="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        autoComplete="email"
        testId="contact-email"
      />
      <div className={`field ${errors.message ? 'field--invalid' : ''}`.trim()}>
        <label className="field__label" htmlFor="contact-message">
          {t('support.contact.message')}
        </label>
        <div className="field__control">
          <textarea
            id="contact-message"
            className="field__input contact-form__message"
            rows={5}
            maxLength={CONTACT_MESSAGE_MAX}
            value={values.message}
            onChange={set('message')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'contact-message-error' : undefined}
            data-testid="contact-message"
          />
        </div>
        {errors.message ? (
          <p className="field__error" id="contact-message-error" role="alert">
            {errors.message}
          </p>
        ) : null}
      </div>
      {generalError ? (
        <p className="field__error" role="alert">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
      <Button type="submit" block loading={mutation.isPending} data-testid="contact-send">
        {t('support.contact.send')}
      </Button>
    </form>
  );
}

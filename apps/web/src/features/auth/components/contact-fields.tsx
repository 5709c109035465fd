import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/shared/components/tabs';
import { TextField } from '@/shared/components/text-field';
import { AreaCodePicker } from './area-code-picker';

export type Channel = 'email' | 'phone';

export interface ContactValues {
  email: string;
  areaCode: string;
  phone: string;
}

/** Email or phone (with the country calling code), chosen by tabs. */
export function ChannelTabs({
  value,
  onChange,
  testPrefix,
}: {
  value: Channel;
  onChange(channel: Channel): void;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      idPrefix={testPrefix}
      label={t('auth.fields.channel')}
      value={value}
      onChange={onChange}
      items={[
        { key: 'email', label: t('auth.fields.tabEmail'), testId: `${testPrefix}-tab-email` },
        { key: 'phone', label: t('auth.fields.tabPhone'), testId: `${testPrefix}-tab-phone` },
      ]}
    />
  );
}

/**
 * The email / phone tabs and the form they control (register, reset): switching the channel
 * clears the errors (the caller's `onChannelChange`). Test ids: `<testPrefix>-tab-*`, `<testPrefix>-form`.
 */
export function ChannelForm({
  channel,
  onChannelChange,
  onSubmit,
  testPrefix,
  children,
}: {
  channel: Channel;
  onChannelChange(channel: Channel): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  testPrefix: string;
  children: ReactNode;
}) {
  return (
    <>
      <ChannelTabs value={channel} onChange={onChannelChange} testPrefix={testPrefix} />
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        data-testid={`${testPrefix}-form`}
        id={`${testPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${testPrefix}-tab-${channel}`}
      >
        {children}
      </form>
    </>
  );
}

export function ContactFields({
  channel,
  values,
  errors,
  onChange,
  testPrefix,
}: {
  channel: Channel;
  values: ContactValues;
  errors: Record<string, string | undefined>;
  onChange(patch: Partial<ContactValues>): void;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  if (channel === 'email') {
    return (
      <TextField
        label={t('auth.fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={(e) => onChange({ email: e.target.value })}
        error={errors.email}
        testId={`${testPrefix}-email`}
      />
    );
  }
  return (
    <TextField
      label={t('auth.fields.phone')}
      type="tel"
      name="phone"
      autoComplete="tel-national"
      inputMode="tel"
      value={values.phone}
      onChange={(e) => onChange({ phone: e.target.value })}
      error={errors.areaCode || errors.phone}
      leading={
        <AreaCodePicker
          value={values.areaCode}
          onChange={(entry) => onChange({ areaCode: entry.callingCode })}
          testId={`${testPrefix}-area-code`}
        />
      }
      testId={`${testPrefix}-phone`}
    />
  );
}

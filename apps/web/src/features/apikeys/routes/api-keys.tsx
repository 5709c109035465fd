import { PasswordFirstNote } from '@/shared/components/password-first-note';
import type { CreatedApiKey } from '@openbourse/contracts/apikeys.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Section } from '@/shared/components/page';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { CreateKeyForm } from '../components/create-key-form';
import { KeysList } from '../components/keys-list';
import { SecretPanel } from '../components/secret-panel';
import '../apikeys.css';

/** The account centre's API keys for bots (/profile/api-keys): create, the secret once, list, revoke. */
export default function ApiKeysRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('apikeys.title'));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Page title={t('apikeys.title')} subtitle={t('apikeys.subtitle')} className="apikeys-page">
      <PasswordFirstNote />
      <Section title={created ? t('apikeys.secret.title') : t('apikeys.create.title')}>
        {created ? (
          <SecretPanel created={created} onDone={() => setCreated(null)} />
        ) : (
          <>
            <p className="section__text">{t('apikeys.create.text')}</p>
            <CreateKeyForm onCreated={setCreated} />
          </>
        )}
      </Section>
      <Section title={t('apikeys.list.title')}>
        <KeysList />
      </Section>
      <Section title={t('apikeys.docs.title')}>
        <p className="section__text">{t('apikeys.docs.text')}</p>
        <pre className="apikey-recipe" dir="ltr">
          {
            'X-OB-KEY: <key id>\nX-OB-TIMESTAMP: <ms since epoch>\nX-OB-SIGNATURE: hex(HMAC-SHA256(secret,\n  timestamp + METHOD + path?query + body))'
          }
        </pre>
        <p className="section__text">
          <a href="/swx/docs/json" target="_blank" rel="noreferrer" data-testid="apikey-openapi">
            {t('apikeys.docs.openapi')}
          </a>
        </p>
      </Section>
    </Page>
  );
}

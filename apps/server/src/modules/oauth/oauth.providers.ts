/**
 * Which providers are on, and with what client: the back office's row when an operator saved one
 * (it wins, enabled or not), else the environment's (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET
 * both set), else none. Read from the database on every use, so every process follows an edit at once.
 */
import type { SignInProviderId } from '@openbourse/contracts/oauth.ts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { OAuthOptions } from './oauth.config.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { signinProviders } from './oauth.tables.ts';

export interface ProviderClient {
  provider: SignInProviderId;
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export type ProviderRow = typeof signinProviders.$inferSelect;

export function createProviderSettings({ options, box }: { options: OAuthOptions; box: SecretBox }) {
  const envClient = (): ProviderClient | null => {
    const g = options.google;
    if (!g.clientId || !g.clientSecret) return null;
    return { provider: 'google', clientId: g.clientId, clientSecret: g.clientSecret, issuer: g.issuer };
  };

  return {
    async row(exec: Executor, provider: SignInProviderId): Promise<ProviderRow | null> {
      const [row] = await exec.select().from(signinProviders).where(eq(signinProviders.provider, provider));
      return row ?? null;
    },

    /** The client to sign in with, or null when the provider is off (not configured or disabled). */
    async active(exec: Executor, provider: SignInProviderId): Promise<ProviderClient | null> {
      const row = await this.row(exec, provider);
      if (!row) return envClient();
      if (!row.enabled || !row.clientSecretSealed) return null;
      const clientSecret = box.open(row.clientSecretSealed);
      if (!clientSecret) return null;
      return { provider, clientId: row.clientId, clientSecret, issuer: row.issuer };
    },

    envClient,
  };
}

export type ProviderSettings = ReturnType<typeof createProviderSettings>;

/**
 * The back office's "Sign-in providers" (`signin.edit`, owners): the client id, the issuer and the
 * enabled flag are shown; the secret is write-only (sealed at rest, never returned, its change
 * audited as a fact without the value). Enabling checks that the issuer answers OpenID discovery.
 */
import type {
  AdminSignInProvider,
  SignInProviderId,
  UpdateSignInProviderRequest,
} from '@openbourse/contracts/oauth.ts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AdminActor } from '../admin/admin.auth.ts';
import { callbackPath, issuerAllowed, type OAuthOptions } from './oauth.config.ts';
import { oauthErrors } from './oauth.errors.ts';
import type { Oidc } from './oauth.oidc.ts';
import type { ProviderSettings } from './oauth.providers.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { signinProviders } from './oauth.tables.ts';

type Update = z.output<typeof UpdateSignInProviderRequest>;

export type AuditWriter = (
  tx: Executor,
  actor: AdminActor,
  at: Date,
  entry: { action: string; targetType: string; targetId: string; before?: unknown; after?: unknown },
) => Promise<void>;

export function createSignInProvidersAdmin(deps: {
  db: Db;
  clock: Clock;
  settings: ProviderSettings;
  box: SecretBox;
  oidc: Oidc;
  options: OAuthOptions;
  /** The admin audit log's writer (admin.repository auditAs): one row per change, in its transaction. */
  audit: AuditWriter;
}) {
  const { db, clock, settings, box } = deps;

  async function view(provider: SignInProviderId): Promise<AdminSignInProvider> {
    const row = await settings.row(db, provider);
    const redirectUri = deps.options.publicUrl ? `${deps.options.publicUrl}${callbackPath(provider)}` : null;
    if (row) {
      return {
        provider,
        clientId: row.clientId,
        issuer: row.issuer,
        enabled: row.enabled,
        hasSecret: row.clientSecretSealed !== null && box.open(row.clientSecretSealed) !== null,
        source: 'settings',
        redirectUri,
        updatedAt: row.updatedAt.toISOString(),
      };
    }
    const env = settings.envClient();
    return {
      provider,
      clientId: env?.clientId ?? '',
      issuer: env?.issuer ?? deps.options.google.issuer,
      enabled: env !== null,
      hasSecret: env !== null,
      source: env ? 'env' : 'none',
      redirectUri,
      updatedAt: null,
    };
  }

  return {
    async list(): Promise<AdminSignInProvider[]> {
      return [await view('google')];
    },

    async update(actor: AdminActor, provider: SignInProviderId, req: Update): Promise<AdminSignInProvider> {
      const issuer = req.issuer.replace(/\/+$/, '');
      if (!issuerAllowed(issuer)) throw oauthErrors.issuerInvalid();
      const newSecret = req.clientSecret ? req.clientSecret : null;
      const before = await settings.row(db, provider);
      const keptSecret = before?.clientSecretSealed && box.open(before.clientSecretSealed);
      const secret = newSecret ?? keptSecret ?? null;
      if (req.enabled) {
        // Enabling needs a secret and a provider that answers: refused here rather than at sign-in.
        if (!secret) throw invalidField('clientSecret');
        try {
          await deps.oidc.discover({ provider, clientId: req.clientId, clientSecret: secret, issuer });
        } catch {
          throw oauthErrors.issuerInvalid();
        }
      }
      const now = clock.now();
      const values = {
        clientId: req.clientId,
        issuer,
        enabled: req.enabled,
        clientSecretSealed: newSecret ? box.seal(newSecret) : (before?.clientSecretSealed ?? null),
        updatedAt: now,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(signinProviders)
          .values({ provider, ...values })
          .onConflictDoUpdate({ target: signinProviders.provider, set: values });
        await deps.audit(tx, actor, now, {
          action: 'signinProviders.update',
          targetType: 'signinProvider',
          targetId: provider,
          before: before ? { clientId: before.clientId, issuer: before.issuer, enabled: before.enabled } : null,
          after: { clientId: req.clientId, issuer, enabled: req.enabled, secretChanged: newSecret !== null },
        });
      });
      return view(provider);
    },
  };
}

export type SignInProvidersAdmin = ReturnType<typeof createSignInProvidersAdmin>;

/** The back office's "Sign-in providers" (`signin.edit`): registered inside the admin plugin (admin.routes.ts). */
import { AdminSignInProvider, SignInProviderId, UpdateSignInProviderRequest } from '@openbourse/contracts/oauth.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from '../admin/admin.auth.ts';
import type { SignInProvidersAdmin } from './oauth.admin.ts';

const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

export function adminSignInProviderRoutes(app: FastifyInstance, { providers }: { providers: SignInProvidersAdmin }) {
  const r = typed(app);
  const edit = { config: { admin: 'signin.edit' as const } };

  r.get(
    '/swx/admin/signin-providers',
    {
      ...edit,
      schema: {
        tags: ['admin'],
        security: BEARER,
        summary:
          'Third-party sign-in providers: client id, issuer, enabled, whether a secret is stored (never the secret)',
        response: { 200: envelope(z.array(AdminSignInProvider)) },
      },
    },
    async (req) => ok(req, await providers.list()),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      '/swx/admin/signin-providers/:provider',
      {
        ...edit,
        schema: {
          tags: ['admin'],
          security: BEARER,
          summary: 'Configure a provider (audited signinProviders.update); an omitted secret is kept',
          description:
            '40109 an issuer that is not https (plain http only on this machine) or does not answer OpenID discovery ' +
            'when enabling; 40001 clientSecret when enabling without one.',
          params: z.object({ provider: SignInProviderId }),
          body: UpdateSignInProviderRequest,
          response: { 200: envelope(AdminSignInProvider) },
        },
      },
      async (req) => ok(req, await providers.update(actor(req), req.params.provider, req.body)),
    );
  }
}

/** The back office's invite rewards: the rule and the figures per inviter (`params.edit`). */
import { AdminInviteRule, UpdateInviteRuleRequest } from '@openbourse/contracts/invites.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminInvites } from './admin.invites.ts';

const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

export function adminInvitesRoutes(app: FastifyInstance, { invites }: { invites: AdminInvites }) {
  const r = typed(app);
  const edit = { config: { admin: 'params.edit' as const } };

  r.get(
    '/swx/admin/invite-rule',
    {
      ...edit,
      schema: {
        tags: ['admin'],
        security: BEARER,
        summary: 'The invite reward rule, all rewards paid, and the inviters paid the most',
        response: { 200: envelope(AdminInviteRule) },
      },
    },
    async (req) => ok(req, await invites.figures()),
  );

  r.put(
    '/swx/admin/invite-rule',
    {
      ...edit,
      schema: {
        tags: ['admin'],
        security: BEARER,
        summary:
          'Change the invite reward rule (audited inviteRule.update); it applies to the days settled from then on',
        description:
          '40001 naming the field: a share outside 0–1 (at most 4 decimals), a period outside 1–3650 days, a cap not positive.',
        body: UpdateInviteRuleRequest,
        response: { 200: envelope(AdminInviteRule) },
      },
    },
    async (req) => ok(req, await invites.update(actor(req), req.body)),
  );
  r.post(
    '/swx/admin/invite-rule',
    {
      ...edit,
      schema: {
        tags: ['admin'],
        security: BEARER,
        summary:
          'Change the invite reward rule (audited inviteRule.update); it applies to the days settled from then on',
        description:
          '40001 naming the field: a share outside 0–1 (at most 4 decimals), a period outside 1–3650 days, a cap not positive.',
        body: UpdateInviteRuleRequest,
        response: { 200: envelope(AdminInviteRule) },
      },
    },
    async (req) => ok(req, await invites.update(actor(req), req.body)),
  );
}

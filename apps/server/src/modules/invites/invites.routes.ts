import { InviteSummary, ListInviteesQuery, ListInviteesResult } from '@openbourse/contracts/invites.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { Invites } from './invites.service.ts';

/** Friend invitation (spec §1, §2 /profile/invite). */
export async function invitesRoutes(app: FastifyInstance, { invites }: { invites: Invites }) {
  const r = typed(app);

  r.get(
    '/swx/customer/user/inviteSummary',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['invites'],
        summary: "The user's invite code and link path, the disclosed reward rule, the rewards earned, the invitees",
        description:
          'Rewards: the rule’s share of each trading fee an invitee pays in the real account during the period after ' +
          'joining, at most the cap per invitee, paid daily (UTC days) by the job runner from the platform’s fee ' +
          'account (transaction type invite_reward). Demo fees earn nothing.',
        security: BEARER,
        response: { 200: envelope(InviteSummary) },
      },
    },
    async (req) => ok(req, await invites.summary(req.user!.id)),
  );

  r.get(
    '/swx/customer/user/listInvitees',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['invites'],
        summary:
          'The users the caller invited, newest first: masked name, joined, traded or not, reward earned from them',
        security: BEARER,
        querystring: ListInviteesQuery,
        response: { 200: envelope(ListInviteesResult) },
      },
    },
    async (req) => ok(req, await invites.listInvitees(req.user!.id, req.query)),
  );
}

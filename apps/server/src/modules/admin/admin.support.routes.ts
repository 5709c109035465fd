/** The support inbox (`support.reply`: owners and support): see admin.support.ts and modules/support. */
import {
  CannedRepliesResult,
  CannedReply,
  CannedReplyRequest,
  SupportAgentsResult,
  SupportAssignRequest,
  SupportConversationDetail,
  SupportInboxItem,
  SupportInboxPage,
  SupportInboxQuery,
  SupportMessage,
  SupportMessagePage,
  SupportMessagesQuery,
  SupportNote,
  SupportNoteRequest,
  SupportReplyRequest,
  SupportStats,
  SupportStatsQuery,
  SupportUserContext,
} from '@openbourse/contracts/support.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminSupport } from './admin.support.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

const IdParams = z.object({
  id: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'E40001' }),
});

export function adminSupportRoutes(app: FastifyInstance, { support }: { support: AdminSupport }) {
  const r = typed(app);
  const access = { config: { admin: 'support.reply' as const } };
  const base = '/swx/admin/support';
  const conv = `${base}/conversations/:id`;
  const schema = <T extends object = object>(summary: string, extra?: T) => ({
    tags: [TAG],
    security: BEARER,
    summary,
    ...(extra as T),
  });

  r.get(
    `${base}/conversations`,
    {
      ...access,
      schema: schema('The support inbox, most recent activity first (open, mine, unassigned, closed or all)', {
        querystring: SupportInboxQuery,
        response: { 200: envelope(SupportInboxPage) },
      }),
    },
    async (req) => ok(req, await support.inbox(actor(req), req.query)),
  );

  r.get(
    conv,
    {
      ...access,
      schema: schema('One conversation: the customer, the newest messages and the internal notes', {
        params: IdParams,
        response: { 200: envelope(SupportConversationDetail) },
      }),
    },
    async (req) => ok(req, await support.detail(req.params.id)),
  );

  r.get(
    `${conv}/messages`,
    {
      ...access,
      schema: schema('A conversation’s messages: page 1 the newest, each page oldest first', {
        params: IdParams,
        querystring: SupportMessagesQuery,
        response: { 200: envelope(SupportMessagePage) },
      }),
    },
    async (req) => ok(req, await support.messages(req.params.id, req.query)),
  );

  r.post(
    `${conv}/reply`,
    {
      ...access,
      schema: schema('Replies to the customer (pushed to their sockets; emailed if unread, at once to a visitor)', {
        params: IdParams,
        body: SupportReplyRequest,
        response: { 200: envelope(SupportMessage) },
      }),
    },
    async (req) => ok(req, await support.reply(actor(req), req.params.id, req.body.text)),
  );

  r.post(
    `${conv}/notes`,
    {
      ...access,
      schema: schema('Adds an internal note (agents only, never shown to the customer)', {
        params: IdParams,
        body: SupportNoteRequest,
        response: { 200: envelope(SupportNote) },
      }),
    },
    async (req) => ok(req, await support.note(actor(req), req.params.id, req.body.text)),
  );

  r.post(
    `${conv}/assign`,
    {
      ...access,
      schema: schema(
        'Assigns the conversation: to oneself (no agentId), to another agent, or to nobody (null); audited',
        {
          params: IdParams,
          body: SupportAssignRequest,
          response: { 200: envelope(SupportInboxItem) },
        },
      ),
    },
    async (req) => ok(req, await support.assign(actor(req), req.params.id, req.body.agentId)),
  );

  for (const [path, status] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    r.post(
      `${conv}/${path}`,
      {
        ...access,
        schema: schema(
          status === 'closed' ? 'Closes the conversation (audited)' : 'Reopens the conversation (audited)',
          {
            params: IdParams,
            response: { 200: envelope(SupportInboxItem) },
          },
        ),
      },
      async (req) => ok(req, await support.setStatus(actor(req), req.params.id, status)),
    );
  }

  r.post(
    `${conv}/read`,
    {
      ...access,
      schema: schema('Marks the customer’s messages read (the customer sees it at once)', {
        params: IdParams,
        response: { 200: envelope(z.null()) },
      }),
    },
    async (req) => {
      await support.read(req.params.id);
      return ok(req, null);
    },
  );

  r.post(
    `${conv}/typing`,
    {
      ...access,
      schema: schema('Tells the customer an agent is typing', {
        params: IdParams,
        response: { 200: envelope(z.null()) },
      }),
    },
    async (req) => {
      await support.typing(actor(req), req.params.id);
      return ok(req, null);
    },
  );

  r.get(
    `${conv}/context`,
    {
      ...access,
      schema: schema('The customer beside the chat: account, KYC, level, balances, recent orders', {
        params: IdParams,
        response: { 200: envelope(SupportUserContext) },
      }),
    },
    async (req) => ok(req, await support.context(req.params.id)),
  );

  r.get(
    `${base}/agents`,
    {
      ...access,
      schema: schema('The accounts that may answer (for assignment)', {
        response: { 200: envelope(SupportAgentsResult) },
      }),
    },
    async (req) => ok(req, await support.agentList()),
  );

  r.get(
    `${base}/stats`,
    {
      ...access,
      schema: schema('Open, unassigned and waiting counts; median and p90 first-response time over the last days', {
        querystring: SupportStatsQuery,
        response: { 200: envelope(SupportStats) },
      }),
    },
    async (req) => ok(req, await support.stats(req.query.days)),
  );

  r.get(
    `${base}/canned`,
    {
      ...access,
      schema: schema('Canned replies, each in the 11 languages', { response: { 200: envelope(CannedRepliesResult) } }),
    },
    async (req) => ok(req, await support.canned.list()),
  );

  r.post(
    `${base}/canned`,
    {
      ...access,
      schema: schema('Adds a canned reply (title and text in every language; 40086 otherwise); audited', {
        body: CannedReplyRequest,
        response: { 200: envelope(CannedReply) },
      }),
    },
    async (req) => ok(req, await support.canned.create(actor(req), req.body)),
  );

  r.put(
    `${base}/canned/:id`,
    {
      ...access,
      schema: schema('Replaces a canned reply; audited', {
        params: IdParams,
        body: CannedReplyRequest,
        response: { 200: envelope(CannedReply) },
      }),
    },
    async (req) => ok(req, await support.canned.update(actor(req), req.params.id, req.body)),
  );

  r.delete(
    `${base}/canned/:id`,
    {
      ...access,
      schema: schema('Deletes a canned reply; audited', { params: IdParams, response: { 200: envelope(z.null()) } }),
    },
    async (req) => {
      await support.canned.remove(actor(req), req.params.id);
      return ok(req, null);
    },
  );
}

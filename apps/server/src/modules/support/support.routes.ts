import {
  ContactRequest,
  SupportConversation,
  SupportMessage,
  SupportMessagePage,
  SupportMessagesQuery,
  SupportSendRequest,
  SupportUnread,
} from '@openbourse/contracts/support.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import { clientKey } from '../realtime/socket-guard.ts';
import type { Support } from './support.service.ts';

const TAG = 'support';

/** The customer-service chat (spec §2 /profile/kefu) and the visitors' contact form. */
export async function supportRoutes(app: FastifyInstance, { support }: { support: Support }) {
  const r = typed(app);
  const auth = { config: { auth: 'required' as const } };

  r.get(
    '/swx/customer/support/conversation',
    {
      ...auth,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'The user’s conversation with support (opened on first call), with its unread count and last message',
        response: { 200: envelope(SupportConversation) },
      },
    },
    async (req) => ok(req, await support.conversation(req.user!.id)),
  );

  r.get(
    '/swx/customer/support/messages',
    {
      ...auth,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'The conversation’s messages: page 1 is the newest, each page oldest first',
        description: 'Texts are plain text exactly as written: show them as text, never as HTML.',
        querystring: SupportMessagesQuery,
        response: { 200: envelope(SupportMessagePage) },
      },
    },
    async (req) => ok(req, await support.messages(req.user!.id, req.query)),
  );

  r.post(
    '/swx/customer/support/send',
    {
      ...auth,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Sends a message to support: text (≤ 2,000 characters) and/or an image uploaded for the chat',
        description:
          '40080 text over 2,000 characters; 40081 neither text nor an attachment; 40400 an attachment that is ' +
          'not one of the user’s files; 40082 one of the user’s files not uploaded with purpose chat; 42900 more ' +
          'than 20 messages a minute. A closed conversation opens again.',
        body: SupportSendRequest,
        response: { 200: envelope(SupportMessage) },
      },
    },
    async (req) => ok(req, await support.send(req.user!.id, req.body)),
  );

  r.post(
    '/swx/customer/support/read',
    {
      ...auth,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Marks support’s messages read (the agents see it at once)',
        response: { 200: envelope(SupportUnread) },
      },
    },
    async (req) => ok(req, await support.read(req.user!.id)),
  );

  r.post(
    '/swx/customer/support/typing',
    {
      ...auth,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Tells the agents the user is typing (call at most every few seconds while typing)',
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await support.typing(req.user!.id);
      return ok(req, null);
    },
  );

  r.get(
    '/swx/customer/support/unread',
    {
      ...auth,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'How many of support’s messages the user has not read',
        response: { 200: envelope(SupportUnread) },
      },
    },
    async (req) => ok(req, await support.unread(req.user!.id)),
  );

  r.post(
    '/swx/customer/index/contact',
    {
      schema: {
        tags: [TAG],
        summary: 'Contact form for visitors (no sign-in): the message reaches the support inbox, replies go by email',
        description:
          '40083 no name (or over 100 characters); 40084 not an email address; 40081 no message; 40080 over 2,000 ' +
          'characters; 42900 more than 3 forms an hour from one address.',
        body: ContactRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const b = req.body;
      await support.contact(
        { name: b.name, email: b.email, message: b.message, language: b.language ?? req.lang },
        clientKey(req.ip || 'unknown'),
      );
      return ok(req, null);
    },
  );
}

import {
  ListNotificationsQuery,
  ListNotificationsResult,
  ReadNotificationRequest,
  ReadNotificationResult,
  UnreadCountResult,
} from '@openbourse/contracts/notifications.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { NotificationsService } from './notifications.service.ts';

export async function notificationsRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
) {
  typed(app).get(
    '/swx/customer/user/listNotification',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['notifications'],
        summary: "The user's notifications, newest first, in the request's language",
        description:
          'Each with its kind, title and body (rendered in the `lang` of this request), what it is about ' +
          '(an order by its public id, instrument and account mode, or the account), its time and whether it ' +
          'was read; and the unread count. Both accounts (real and demo) together.',
        security: BEARER,
        querystring: ListNotificationsQuery,
        response: { 200: envelope(ListNotificationsResult) },
      },
    },
    async (req) => ok(req, await notifications.list(req.user!.id, req.lang, req.query)),
  );

  typed(app).get(
    '/swx/customer/user/unreadNotificationCount',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of the user’s notifications are unread',
        security: BEARER,
        response: { 200: envelope(UnreadCountResult) },
      },
    },
    async (req) => ok(req, { unread: await notifications.unreadCount(req.user!.id) }),
  );

  typed(app).post(
    '/swx/customer/user/readNotification',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks notifications read: { ids } (one’s own; others’ are ignored) or { all: true }',
        description: 'Idempotent: read ones stay read. Answers how many changed and the unread count after.',
        security: BEARER,
        body: ReadNotificationRequest,
        response: { 200: envelope(ReadNotificationResult) },
      },
    },
    async (req) => ok(req, await notifications.markRead(req.user!.id, req.body.all ? 'all' : (req.body.ids ?? []))),
  );
}

import {
  PushKeyResult,
  PushSubscribeRequest,
  PushSubscribeResult,
  PushUnsubscribeRequest,
} from '@openbourse/contracts/push.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import { buildManifest } from './push.manifest.ts';
import type { PushService } from './push.service.ts';

export async function pushRoutes(
  app: FastifyInstance,
  { push, siteName }: { push: PushService; siteName: () => Promise<string | undefined> },
) {
  // The installable app's manifest, named after the platform; revalidated so a new name shows soon.
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(buildManifest((await siteName()) ?? ''))),
  );

  typed(app).get(
    '/swx/customer/push/publicKey',
    {
      schema: {
        tags: ['notifications'],
        summary: "The platform's VAPID public key (PushManager.subscribe's applicationServerKey)",
        response: { 200: envelope(PushKeyResult) },
      },
    },
    async (req) => ok(req, { publicKey: await push.publicKey() }),
  );

  typed(app).post(
    '/swx/customer/push/subscribe',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['notifications'],
        summary: "Stores this browser's push subscription: the user's new notifications are pushed to it",
        description:
          'The body is PushSubscription.toJSON() (endpoint and keys). The endpoint must be a browser push ' +
          'service over https (40145); the keys a P-256 point and a 16-byte secret (40146). Pushes are in the ' +
          '`lang` of this request; subscribing again (same endpoint) updates the keys and the language. An ' +
          'endpoint another user had is taken over, and nothing of theirs is sent to it any more.',
        security: BEARER,
        body: PushSubscribeRequest,
        response: { 200: envelope(PushSubscribeResult) },
      },
    },
    async (req) =>
      ok(
        req,
        await push.subscribe(req.user!.id, req.body, {
          lang: req.lang,
          userAgent: String(req.headers['user-agent'] ?? ''),
        }),
      ),
  );

  typed(app).post(
    '/swx/customer/push/unsubscribe',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['notifications'],
        summary: "Forgets this browser's push subscription (idempotent)",
        security: BEARER,
        body: PushUnsubscribeRequest,
        response: { 200: envelope(PushSubscribeResult) },
      },
    },
    async (req) => ok(req, await push.unsubscribe(req.user!.id, req.body.endpoint)),
  );
}

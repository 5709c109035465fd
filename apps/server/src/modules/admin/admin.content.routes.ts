/** The back office's content screens (`content.edit`): every item in all 11 languages, edits, new items. */
import {
  AdminContentCreate,
  AdminContentItem,
  AdminContentUpdate,
  AdminIdParams,
} from '@openbourse/contracts/admin.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminContent } from './admin.content.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

export function adminContentRoutes(app: FastifyInstance, { content }: { content: AdminContent }) {
  const r = typed(app);
  const access = { config: { admin: 'content.edit' as const } };

  r.get(
    '/swx/admin/content',
    {
      ...access,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Every content item (footer, FAQ, notices) with all its translations',
        response: { 200: envelope(z.array(AdminContentItem)) },
      },
    },
    async (req) => ok(req, await content.list()),
  );

  r.get(
    '/swx/admin/content/:id',
    {
      ...access,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'One content item with all its translations',
        params: AdminIdParams,
        response: { 200: envelope(AdminContentItem) },
      },
    },
    async (req) => ok(req, await content.get(req.params.id)),
  );

  r.post(
    '/swx/admin/content/:id',
    {
      ...access,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Saves the given languages’ title, summary and body (others stay) and the order',
        params: AdminIdParams,
        body: AdminContentUpdate,
        response: { 200: envelope(AdminContentItem) },
      },
    },
    async (req) => ok(req, await content.update(actor(req), req.params.id, req.body)),
  );

  r.post(
    '/swx/admin/content/:id/pin',
    {
      ...access,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Pins a notice to the home page (or unpins it); notices only (40001 field type); audited',
        params: AdminIdParams,
        body: z.object({ pinned: z.boolean() }),
        response: { 200: envelope(AdminContentItem) },
      },
    },
    async (req) => ok(req, await content.pin(actor(req), req.params.id, req.body.pinned)),
  );

  r.post(
    '/swx/admin/content',
    {
      ...access,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'A new content item (English required; 40900 field slug when the slug is taken)',
        body: AdminContentCreate,
        response: { 200: envelope(AdminContentItem) },
      },
    },
    async (req) => ok(req, await content.create(actor(req), req.body)),
  );
}

/**
 * Private files for operators: `GET /swx/admin/files/:id`, to any signed-in admin whose role the
 * file's purpose allows (files.policy.ts: deposit proofs and KYC photos → owner, reviewer; chat →
 * owner, support; NFT images → every role). Anything else answers as a missing file (40400).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BEARER, typed } from '../../http/typed.ts';
import { sendFile } from '../files/files.routes.ts';
import { FILE_VARIANTS, type FilesService } from '../files/files.service.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminRole } from './admin.roles.ts';

export function adminFileRoutes(app: FastifyInstance, { files }: { files: FilesService }) {
  typed(app).get(
    '/swx/admin/files/:id',
    {
      config: { admin: 'session' },
      schema: {
        tags: ['admin'],
        security: BEARER,
        summary: "A user's uploaded file, to admins whose role its purpose allows (a deposit proof: owner, reviewer)",
        description:
          'The image itself (not an envelope), as the customer route serves it: a JPEG 2000 as its PNG rendition ' +
          'unless `variant=original`.',
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ variant: z.enum(FILE_VARIANTS).optional() }),
      },
    },
    async (req, reply) => {
      const actor = req.adminActor as AdminActor;
      const viewer = { kind: 'admin' as const, role: actor.admin.role as AdminRole };
      return sendFile(reply, await files.open(viewer, req.params.id, req.query.variant));
    },
  );
}

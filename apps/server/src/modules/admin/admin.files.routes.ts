/**
 * Files for operators. `GET /swx/admin/files/:id`: a stored file to any signed-in admin whose role the
 * file's purpose allows (files.policy.ts: deposit proofs and KYC photos → owner, reviewer; chat →
 * owner, support; NFT images → every role); anything else answers as a missing file (40400).
 * `POST /swx/admin/files/upload` (`nfts.edit`): NFT artwork, checked like a customer's upload, owned by
 * the platform (owner id 0, which no user has) and public at its image URL; audited `files.upload` in
 * the row's own transaction, counted per admin.
 */
import { AdminUploadResult } from '@openbourse/contracts/nfts.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, limit, typed } from '../../http/typed.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  ADMIN_PURPOSES,
  DEFAULT_UPLOAD_RULE,
  nftImageUrl,
  readUpload,
  sendFile,
  withMultipart,
} from '../files/files.routes.ts';
import { FILE_VARIANTS, type FilesService, PLATFORM_OWNER_ID } from '../files/files.service.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';
import type { AdminRole } from './admin.roles.ts';

export const ADMIN_UPLOAD_PATH = '/swx/admin/files/upload';

export interface AdminFileRoutesDeps {
  files: FilesService;
  limiter: RateLimiter;
  clock: Clock;
  /** Uploads per admin per hour (the customers' rule by default: each upload is stored and decoded). */
  uploadRule?: LimitRule;
}

const UploadForm = z
  .object({
    purpose: z.enum(ADMIN_PURPOSES).describe('What the image is for (nft: the artwork of an NFT item)'),
    file: z.file().describe('The image: JPG, JPEG 2000 or PNG, at most 2 MB'),
  })
  .partial()
  .nullish();

export function adminFileRoutes(app: FastifyInstance, deps: AdminFileRoutesDeps) {
  const { files, clock } = deps;
  const uploadRule = deps.uploadRule ?? DEFAULT_UPLOAD_RULE;

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

  withMultipart(app, (scope) => {
    typed(scope).post(
      ADMIN_UPLOAD_PATH,
      {
        config: { admin: 'nfts.edit' },
        schema: {
          tags: ['admin'],
          security: BEARER,
          summary: 'Upload NFT artwork (JPG, JPEG 2000 or PNG, at most 2 MB), public at its image URL once stored',
          description:
            'multipart/form-data with a `file` part and a `purpose` field (nft). Checked as a customer upload is: the ' +
            'type from the content (40018 otherwise, nothing stored), 40019 over 2 MB or 25 megapixels, 40017 no ' +
            'file, 40001 another purpose; a 320 px thumbnail is made. Owned by the platform, audited files.upload, ' +
            '60 per admin per hour (42900). Put the answer’s `id` in an item’s `imageFileId`.',
          consumes: ['multipart/form-data'],
          body: UploadForm,
          response: { 200: envelope(AdminUploadResult) },
        },
      },
      async (req) => {
        const actor = req.adminActor as AdminActor;
        await limit(deps.limiter, `files:admin-upload:${actor.admin.id}`, uploadRule);
        const upload = await readUpload(req, ADMIN_PURPOSES);
        const info = await files.upload({
          ownerId: PLATFORM_OWNER_ID,
          ...upload,
          onStored: (tx, stored) =>
            repo.auditAs(tx, actor, clock.now(), {
              action: 'files.upload',
              targetType: 'file',
              targetId: stored.id,
              after: {
                purpose: stored.purpose,
                mime: stored.mime,
                size: stored.size,
                sha256: stored.sha256,
                width: stored.width,
                height: stored.height,
                name: stored.declaredName,
              },
            }),
        });
        return ok(req, {
          id: info.id,
          purpose: info.purpose,
          mime: info.mime,
          size: info.size,
          width: info.width,
          height: info.height,
          url: nftImageUrl(info.id),
          thumbnail: nftImageUrl(info.id, 'thumbnail'),
        });
      },
    );
  });
}

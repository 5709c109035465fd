import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import { BEARER, limit, typed } from '../../http/typed.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import { fileNotFound, invalidPurpose, uploadRequired, uploadTooLarge } from './files.errors.ts';
import { FILE_VARIANTS, type FileInfo, type FilesService, type FileVariant, type OpenedFile } from './files.service.ts';
import { FILE_PURPOSES, type FilePurpose, MAX_UPLOAD_BYTES } from './files.tables.ts';

export type { FileStoreConfig } from './blob-store.ts';

export const UPLOAD_PATH = '/swx/customer/file/upload';
const FILE_PATH = '/swx/customer/file';
/** NFT artwork, to anyone: ids are random and a file never changes, so answers are cached for good. */
export const NFT_IMAGE_PATH = '/swx/customer/index/nftImage';

/** What a customer uploads for; NFT images come from the operators (POST /swx/admin/files/upload). */
export const CUSTOMER_PURPOSES = ['kyc', 'deposit-proof', 'chat'] as const satisfies readonly FilePurpose[];
/** What an operator uploads for (admin/admin.files.routes.ts). */
export const ADMIN_PURPOSES = ['nft'] as const satisfies readonly FilePurpose[];

/** Where anyone sees an NFT image (the display image, or `?variant=thumbnail` / `original`). */
export const nftImageUrl = (id: string, variant?: FileVariant) =>
  `${NFT_IMAGE_PATH}/${id}${variant ? `?variant=${variant}` : ''}`;

/** Uploads per user per hour: storage is not free, and each upload is decoded. */
export const DEFAULT_UPLOAD_RULE: LimitRule = { windowMs: 60 * 60_000, max: 60 };

const UUID = z.uuid();

/** Boundaries, part headers and the purpose field: a body longer than the file by more is refused unread. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const UploadResult = z.object({
  id: z.string().describe('Random id (UUID); the file is read at `url`'),
  purpose: z.enum(FILE_PURPOSES),
  mime: z.string().describe('Detected from the content: image/png, image/jpeg, image/jp2 or image/j2c'),
  size: z.number().int().describe('Bytes of the original'),
  sha256: z.string().describe('SHA-256 of the original, lowercase hex'),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});

const UploadForm = z
  .object({
    purpose: z.enum(CUSTOMER_PURPOSES).describe('What the image is for'),
    file: z.file().describe('The image: JPG, JPEG 2000 or PNG, at most 2 MB'),
  })
  .partial()
  .nullish();

const resultOf = (info: FileInfo) => ({
  id: info.id,
  purpose: info.purpose,
  mime: info.mime,
  size: info.size,
  sha256: info.sha256,
  width: info.width,
  height: info.height,
  url: `${FILE_PATH}/${info.id}`,
});

export interface FilesRoutesDeps {
  files: FilesService;
  limiter: RateLimiter;
  uploadRule?: LimitRule;
}

/**
 * The upload service's routes. Multipart parsing lives in its own scope (registered here), so no
 * other route accepts multipart bodies; its limits stop reading a file past 2 MB.
 */
export async function filesRoutes(app: FastifyInstance, deps: FilesRoutesDeps) {
  const { files } = deps;
  const uploadRule = deps.uploadRule ?? DEFAULT_UPLOAD_RULE;

  typed(app).get(
    `${NFT_IMAGE_PATH}/:id`,
    {
      schema: {
        tags: ['files'],
        summary: 'An NFT image, to anyone (no sign-in)',
        description:
          'The image itself (not an envelope), cached publicly for a year: its id is random and its content never ' +
          'changes. `variant=thumbnail` gives the 320 px thumbnail, `variant=original` the bytes as uploaded. Any ' +
          'other file, or an unknown id, answers 40400.',
        params: z.object({ id: z.string() }),
        querystring: z.object({ variant: z.enum(FILE_VARIANTS).optional() }),
      },
    },
    async (req, reply) => {
      // A malformed id is one more id that does not exist: no hint of what ids look like.
      if (!UUID.safeParse(req.params.id).success) throw fileNotFound();
      return sendFile(reply, await files.open({ kind: 'public' }, req.params.id, req.query.variant), 'public');
    },
  );

  withMultipart(app, (scope) => {
    typed(scope).post(
      UPLOAD_PATH,
      {
        config: { auth: 'required' },
        schema: {
          tags: ['files'],
          summary: 'Upload an image (JPG, JPEG 2000 or PNG, at most 2 MB), private to its owner',
          description:
            'multipart/form-data with a `file` part and a `purpose` field (kyc, deposit-proof or chat). The type ' +
            'is recognised from the content, never the name: anything else, or a file cut short, is refused ' +
            '(40018) and nothing is stored; over 2 MB answers 40019, no file 40017.',
          consumes: ['multipart/form-data'],
          // For the document: the parts are read by the handler (a multipart body is not parsed before it).
          body: UploadForm,
          security: BEARER,
          response: { 200: envelope(UploadResult) },
        },
      },
      async (req) => {
        const userId = req.user!.id;
        await limit(deps.limiter, `files:upload:${userId}`, uploadRule);
        const upload = await readUpload(req, CUSTOMER_PURPOSES);
        const info = await files.upload({ ownerId: userId, ...upload });
        return ok(req, resultOf(info));
      },
    );

    typed(scope).get(
      `${FILE_PATH}/:id`,
      {
        config: { auth: 'required' },
        schema: {
          tags: ['files'],
          summary: 'An uploaded file, to its owner only',
          description:
            'The image itself (not an envelope). A JPEG 2000 is shown as its PNG rendition unless ' +
            '`variant=original`; `variant=thumbnail` gives the thumbnail where there is one. A file that is ' +
            'not yours answers as one that does not exist (40400).',
          security: BEARER,
          params: z.object({ id: z.uuid() }),
          querystring: z.object({ variant: z.enum(FILE_VARIANTS).optional() }),
        },
      },
      async (req, reply) =>
        sendFile(reply, await files.open({ kind: 'user', id: req.user!.id }, req.params.id, req.query.variant)),
    );
  });
}

/**
 * A scope of its own with multipart parsing and the upload limits (one file of at most 2 MB, 2
 * fields, 4 parts), so no route outside it accepts multipart bodies. The customer upload here and
 * the admin upload (admin/admin.files.routes.ts) are registered through it.
 */
export function withMultipart(app: FastifyInstance, routes: (scope: FastifyInstance) => void) {
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: 1,
        fields: 2,
        parts: 4,
        fieldNameSize: 64,
        fieldSize: 64,
        headerPairs: 16,
      },
      throwFileSizeLimit: true,
    });
    routes(scope);
  });
}

/** A public NFT image is the same bytes for ever (random id, never rewritten): any cache may keep it. */
const CACHE_CONTROL = { private: 'private, no-store', public: 'public, max-age=31536000, immutable' } as const;

/**
 * A stored file as the answer: its detected type, never the client's name, not to be sniffed, and
 * private unless it is a public NFT image (README invariant 5). The customer routes above and the
 * admin API's `GET /swx/admin/files/:id` (admin/admin.files.routes.ts) all answer through it.
 */
export function sendFile(reply: FastifyReply, file: OpenedFile, cache: keyof typeof CACHE_CONTROL = 'private') {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', `inline; filename="${file.filename}"`)
    .header('cache-control', CACHE_CONTROL[cache])
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/**
 * The `file` part and the `purpose` field of an upload (one of `purposes`, else 40001 purpose); a
 * refusal never depends on the client's name or type.
 */
export async function readUpload(
  req: FastifyRequest,
  purposes: readonly FilePurpose[],
): Promise<{ purpose: FilePurpose; bytes: Buffer; declaredName: string }> {
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) throw uploadTooLarge();
  if (!req.isMultipart()) throw uploadRequired();
  let file: { bytes: Buffer; name: string } | null = null;
  let purpose: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        file = { bytes: await part.toBuffer(), name: part.filename };
      } else if (part.fieldname === 'purpose' && typeof part.value === 'string') {
        purpose = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!purpose || !(purposes as readonly string[]).includes(purpose)) throw invalidPurpose();
  if (!file || file.bytes.length === 0) throw uploadRequired();
  return { purpose: purpose as FilePurpose, bytes: file.bytes, declaredName: file.name };
}

/** Every failure while reading a multipart body is the body's: over the size limit, too many parts, or malformed. */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadTooLarge();
  if (code === 'FST_FILES_LIMIT') return invalidField('file');
  return invalidField('body');
}

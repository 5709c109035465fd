import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BlobStore } from './blob-store.ts';
import { fileNotFound, invalidPurpose, uploadFormat, uploadRequired, uploadTooLarge } from './files.errors.ts';
import { canRead, type Viewer } from './files.policy.ts';
import { filesRepository, type NewFileRow } from './files.repository.ts';
import { FILE_PURPOSES, type FilePurpose, type FileRow, MAX_UPLOAD_BYTES } from './files.tables.ts';
import { type CheckedImage, checkImage, ImageRefused } from './image-decode.ts';
import { type Jpeg2000Decoder, sharedJpeg2000Decoder } from './jpeg2000.ts';

/**
 * Uploads and reads of private files. An upload is checked whole before anything is kept: size,
 * then content (image-sniff + a full decode); a refused upload stores nothing. The blobs are written
 * first and the row last; if the row cannot be written the blobs are deleted, so every row has its
 * blobs and a crash between the two leaves at worst an unreferenced blob, never a dangling row.
 * Reads go through the policy (files.policy.ts); a file the viewer may not read answers exactly as
 * a missing one.
 */
export interface UploadInput {
  ownerId: number;
  purpose: FilePurpose;
  bytes: Buffer;
  /** The client's file name: kept (cleaned) for display, never used for storage or type. */
  declaredName?: string | null | undefined;
  /**
   * Runs in the row's own transaction once the row is written (the admin upload's audit row): if it
   * throws, the row is rolled back and the blobs deleted, as for a failed insert.
   */
  onStored?: ((tx: Executor, info: FileInfo) => Promise<void>) | undefined;
}

/** The owner of the platform's own files (NFT artwork uploaded by operators): no user has id 0. */
export const PLATFORM_OWNER_ID = 0;

export interface FileInfo {
  id: string;
  purpose: FilePurpose;
  ownerUserId: number;
  mime: string;
  size: number;
  sha256: string;
  width: number;
  height: number;
  declaredName: string | null;
  createdAt: Date;
}

/** `display` (default): what a browser can show (the PNG rendition of a JPEG 2000, else the original). */
export const FILE_VARIANTS = ['display', 'original', 'thumbnail'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

export interface OpenedFile {
  body: Readable;
  size: number;
  contentType: string;
  /** `<id>.<ext>`: safe in a header whatever the client named the upload. */
  filename: string;
}

export interface FilesServiceDeps {
  db: Db;
  store: BlobStore;
  clock: Clock;
  jpeg2000?: Jpeg2000Decoder;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export function createFilesService({ db, store, clock, jpeg2000 = sharedJpeg2000Decoder(), log }: FilesServiceDeps) {
  async function check(bytes: Buffer, purpose: FilePurpose): Promise<CheckedImage> {
    if (bytes.length === 0) throw uploadRequired();
    if (bytes.length > MAX_UPLOAD_BYTES) throw uploadTooLarge();
    if (!FILE_PURPOSES.includes(purpose)) throw invalidPurpose();
    try {
      return await checkImage(bytes, { thumbnail: purpose === 'nft', jpeg2000 });
    } catch (err) {
      if (err instanceof ImageRefused) throw err.reason === 'too-large' ? uploadTooLarge() : uploadFormat();
      throw err;
    }
  }

  async function discard(keys: string[]) {
    for (const key of keys) {
      await store.delete(key).catch((err: unknown) => log?.warn({ err, key }, 'files: orphan blob not deleted'));
    }
  }

  return {
    async upload({ ownerId, purpose, bytes, declaredName, onStored }: UploadInput): Promise<FileInfo> {
      const image = await check(bytes, purpose);
      const id = randomUUID();
      const base = `${purpose}/${id}`;
      const blobs = [{ key: `${base}/original.${image.ext}`, bytes, type: image.mime }];
      if (image.rendition) blobs.push({ key: `${base}/display.png`, bytes: image.rendition, type: 'image/png' });
      if (image.thumbnail) blobs.push({ key: `${base}/thumbnail.png`, bytes: image.thumbnail, type: 'image/png' });
      try {
        for (const blob of blobs) await store.put(blob.key, blob.bytes, blob.type);
        const values: NewFileRow = {
          id,
          ownerUserId: ownerId,
          purpose,
          mime: image.mime,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          width: image.width,
          height: image.height,
          declaredName: cleanName(declaredName),
          originalKey: blobs[0]!.key,
          renditionKey: image.rendition ? `${base}/display.png` : null,
          thumbnailKey: image.thumbnail ? `${base}/thumbnail.png` : null,
          createdAt: clock.now(),
        };
        if (!onStored) return infoOf(await filesRepository.insert(db, values));
        return await db.transaction(async (tx) => {
          const info = infoOf(await filesRepository.insert(tx, values));
          await onStored(tx, info);
          return info;
        });
      } catch (err) {
        // Every planned key, written or not: a put that failed half-way may have left something.
        await discard(blobs.map((b) => b.key));
        throw err;
      }
    },

    /**
     * The file's record when the viewer may read it; null otherwise (missing or not theirs). `exec`:
     * the caller's transaction when it checks a file inside one (one connection on PGlite).
     */
    async find(viewer: Viewer, id: string, exec: Executor = db): Promise<FileInfo | null> {
      const row = await filesRepository.find(exec, id);
      return row && canRead(viewer, row) ? infoOf(row) : null;
    },

    async open(viewer: Viewer, id: string, variant: FileVariant = 'display'): Promise<OpenedFile> {
      const row = await filesRepository.find(db, id);
      if (!row || !canRead(viewer, row)) throw fileNotFound();
      const [key, contentType] = pick(row, variant);
      const blob = await store.get(key);
      if (!blob) {
        log?.error({ fileId: id, key }, 'files: blob missing for a stored file');
        throw fileNotFound();
      }
      return { ...blob, contentType, filename: `${id}.${extensionOf(key)}` };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

function pick(row: FileRow, variant: FileVariant): [key: string, contentType: string] {
  if (variant === 'thumbnail' && row.thumbnailKey) return [row.thumbnailKey, 'image/png'];
  if (variant !== 'original' && row.renditionKey) return [row.renditionKey, 'image/png'];
  return [row.originalKey, row.mime];
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

function infoOf(row: FileRow): FileInfo {
  return {
    id: row.id,
    purpose: row.purpose,
    ownerUserId: row.ownerUserId,
    mime: row.mime,
    size: row.sizeBytes,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    declaredName: row.declaredName,
    createdAt: row.createdAt,
  };
}

/** Control characters, bidirectional overrides (which disguise an extension) and U+0000 are dropped. */
const UNSAFE_IN_NAME = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;
const MAX_NAME_CHARS = 200;

/** The last path segment of a client's file name, made safe to show; null when nothing is left. */
export function cleanName(name: string | null | undefined): string | null {
  if (!name) return null;
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = [...last.replace(UNSAFE_IN_NAME, '').trim()].slice(0, MAX_NAME_CHARS).join('');
  return clean === '' ? null : clean;
}

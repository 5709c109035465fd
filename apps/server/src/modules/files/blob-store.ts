import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';

/**
 * Where file bytes live. Keys are the files module's own (`<purpose>/<id>/<variant>.<ext>`), never
 * a client's name. A folder under DATA_DIR by default; any S3-compatible store when S3_* is set
 * (DESIGN §1.5). Blobs are written whole before the database row that names them, and read as
 * streams (a PNG rendition can be tens of MB).
 */
export interface StoredBlob {
  body: Readable;
  size: number;
}

export interface BlobStore {
  readonly kind: 'folder' | 's3' | 'memory';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such blob. */
  get(key: string): Promise<StoredBlob | null>;
  /** Deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Segments of letters, digits, dot, dash and underscore, each starting with a letter or digit: no `..`, no absolute path. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files under `root`, created on first write, private to the server's user (0700 folders, 0600
 * files: identity documents live here). A write goes to a temporary name and is renamed into
 * place, so a reader never sees half a file.
 */
export function createFolderStore(root: string): BlobStore {
  const abs = path.resolve(root);
  const pathOf = (key: string) => path.join(abs, ...checkKey(key).split('/'));
  return {
    kind: 'folder',
    async put(key, bytes) {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      const file = pathOf(key);
      await fs.rm(file, { force: true });
      // The file's folder (one per upload) goes with its last blob; a folder still in use stays.
      await fs.rmdir(path.dirname(file)).catch(() => undefined);
    },
    async close() {},
  };
}

export interface S3StoreOptions {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name: what most self-hosted stores (MinIO, Ceph, Garage) need. */
  forcePathStyle: boolean;
}

/** Any S3-compatible store; the bucket must exist. */
export function createS3Store(opts: S3StoreOptions): BlobStore {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Checksums only where the API requires them: not every S3-compatible store knows the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        return { body: res.Body, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}

/** In memory: for tests, and for an app built without a data directory or S3 (nothing to keep). */
export function createMemoryStore(): BlobStore & { keys(): string[] } {
  const blobs = new Map<string, Buffer>();
  return {
    kind: 'memory',
    async put(key, bytes) {
      blobs.set(checkKey(key), Buffer.from(bytes));
    },
    async get(key) {
      const bytes = blobs.get(checkKey(key));
      return bytes ? { body: Readable.from([bytes]), size: bytes.length } : null;
    },
    async delete(key) {
      blobs.delete(checkKey(key));
    },
    async close() {},
    keys: () => [...blobs.keys()].sort(),
  };
}

export type FileStoreConfig = Partial<
  Pick<
    Config,
    | 'dataDir'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_BUCKET'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >
>;

/** S3 when configured (the configuration guarantees all or none), else `<dataDir>/files`. */
export function blobStoreFromConfig(config: FileStoreConfig): BlobStore {
  const { S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (S3_ENDPOINT && S3_REGION && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return createS3Store({
      endpoint: S3_ENDPOINT,
      region: S3_REGION,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? true,
    });
  }
  return config.dataDir ? createFolderStore(path.join(config.dataDir, 'files')) : createMemoryStore();
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BlobStore,
  blobStoreFromConfig,
  createFolderStore,
  createMemoryStore,
  createS3Store,
} from '../blob-store.ts';
import { type S3Server, startS3 } from './s3.ts';

let root: string;
let s3: S3Server;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ob-blobs-'));
  s3 = await startS3();
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await s3?.stop();
});

const stores: [string, () => BlobStore][] = [
  ['folder', () => createFolderStore(path.join(root, 'files'))],
  ['memory', () => createMemoryStore()],
  ['s3', () => createS3Store(s3.options)],
];

describe.each(stores)('the %s blob store', (_kind, make) => {
  let store: BlobStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close());

  it('keeps, reads back and deletes a blob', async () => {
    await store.put('kyc/abc/original.png', Buffer.from('hello'), 'image/png');
    const blob = await store.get('kyc/abc/original.png');
    expect(blob?.size).toBe(5);
    expect(await text(blob!.body)).toBe('hello');
    await store.put('kyc/abc/original.png', Buffer.from('replaced'), 'image/png');
    expect(await text((await store.get('kyc/abc/original.png'))!.body)).toBe('replaced');
    await store.delete('kyc/abc/original.png');
    expect(await store.get('kyc/abc/original.png')).toBeNull();
  });

  it('answers null for a missing blob, and deleting one is no error', async () => {
    expect(await store.get('kyc/none/original.png')).toBeNull();
    await expect(store.delete('kyc/none/original.png')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave its place', async () => {
    for (const key of ['../escape', 'kyc/../../etc/passwd', '/abs', 'a//b', '.hidden', 'a/./b', 'a\\b', '']) {
      await expect(store.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/invalid blob key/);
      await expect(store.get(key), key).rejects.toThrow(/invalid blob key/);
    }
  });
});

describe('the folder store', () => {
  it('creates its folder on first write, keeps files private to the server, and leaves no temporary files', async () => {
    const dir = path.join(root, 'private');
    const store = createFolderStore(dir);
    await store.put('chat/x/original.jpg', Buffer.from('secret'), 'image/jpeg');
    const file = path.join(dir, 'chat', 'x', 'original.jpg');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await fs.readdir(path.dirname(file))).toEqual(['original.jpg']);
    await store.delete('chat/x/original.jpg');
    // The upload's own folder goes with its last blob.
    await expect(fs.stat(path.dirname(file))).rejects.toThrow(/ENOENT/);
  });
});

describe('blobStoreFromConfig', () => {
  it('takes S3 when configured, else a folder under the data directory, else memory', async () => {
    const stores = [
      blobStoreFromConfig({ ...s3.env, dataDir: root }),
      blobStoreFromConfig({ dataDir: root }),
      blobStoreFromConfig({}),
    ];
    expect(stores.map((s) => s.kind)).toEqual(['s3', 'folder', 'memory']);
    await stores[1]!.put('nft/y/original.png', Buffer.from('x'), 'image/png');
    expect(await fs.readFile(path.join(root, 'files', 'nft', 'y', 'original.png'), 'utf8')).toBe('x');
    await Promise.all(stores.map((s) => s.close()));
  });
});

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import { type BlobStore, createMemoryStore } from '../blob-store.ts';
import { cleanName, createFilesService } from '../files.service.ts';
import { files } from '../files.tables.ts';
import { makeJp2, makePng, PDF } from './images.ts';

const codeOf = (err: unknown) => (err instanceof AppError ? err.code : err);

describe.each(DRIVERS)('files service on %s', (driver) => {
  let database: Database;
  const clock = new ManualClock('2026-03-01T10:00:00Z');
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  const service = (store: BlobStore) => createFilesService({ db: database.db, store, clock });

  it('writes an NFT image with a thumbnail, and a JPEG 2000 with its rendition, under keys of its own', async () => {
    const store = createMemoryStore();
    const s = service(store);
    const art = await s.upload({ ownerId: 1, purpose: 'nft', bytes: await makePng(900, 600), declaredName: 'art.png' });
    const doc = await s.upload({ ownerId: 1, purpose: 'kyc', bytes: await makeJp2() });
    expect(store.keys()).toEqual(
      [
        `kyc/${doc.id}/display.png`,
        `kyc/${doc.id}/original.jp2`,
        `nft/${art.id}/original.png`,
        `nft/${art.id}/thumbnail.png`,
      ].sort(),
    );
    expect(art.createdAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    const thumb = await s.open({ kind: 'user', id: 1 }, art.id, 'thumbnail');
    expect(thumb.contentType).toBe('image/png');
    const chunks: Buffer[] = [];
    for await (const c of thumb.body) chunks.push(c as Buffer);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ width: 320, height: 213 });
    // No thumbnail: the display image instead.
    expect((await s.open({ kind: 'user', id: 1 }, doc.id, 'thumbnail')).filename).toBe(`${doc.id}.png`);
  });

  it('opens files to admins by the policy and hides them from everyone else', async () => {
    const s = service(createMemoryStore());
    const kyc = await s.upload({ ownerId: 5, purpose: 'kyc', bytes: await makePng() });
    expect(await s.find({ kind: 'admin', role: 'reviewer' }, kyc.id)).toMatchObject({ id: kyc.id, ownerUserId: 5 });
    expect(await s.find({ kind: 'admin', role: 'support' }, kyc.id)).toBeNull();
    expect(await s.find({ kind: 'user', id: 6 }, kyc.id)).toBeNull();
    expect(codeOf(await s.open({ kind: 'admin', role: 'editor' }, kyc.id).catch((e) => e))).toBe(40400);
    expect((await s.open({ kind: 'admin', role: 'owner' }, kyc.id)).contentType).toBe('image/png');
  });

  it('stores nothing when refused', async () => {
    const store = createMemoryStore();
    const s = service(store);
    const png = await makePng();
    const tries = [
      s.upload({ ownerId: 2, purpose: 'kyc', bytes: PDF }),
      s.upload({ ownerId: 2, purpose: 'kyc', bytes: Buffer.alloc(0) }),
      s.upload({ ownerId: 2, purpose: 'kyc', bytes: Buffer.alloc(2 * 1024 * 1024 + 1) }),
      s.upload({ ownerId: 2, purpose: 'passport' as never, bytes: png }),
    ];
    expect((await Promise.allSettled(tries)).map((r) => r.status === 'rejected' && codeOf(r.reason))).toEqual([
      40018, 40017, 40019, 40001,
    ]);
    expect(store.keys()).toEqual([]);
  });

  it('deletes the blobs it wrote when a later blob or the row cannot be written', async () => {
    const memory = createMemoryStore();
    let puts = 0;
    const flaky: BlobStore = {
      ...memory,
      async put(key, bytes, type) {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        return memory.put(key, bytes, type);
      },
    };
    await expect(service(flaky).upload({ ownerId: 3, purpose: 'chat', bytes: await makeJp2() })).rejects.toThrow(
      'disk full',
    );
    expect(memory.keys()).toEqual([]);

    // The row fails (the table is gone): the blobs go too.
    await database.db.execute(sql`alter table files rename to files_away`);
    try {
      await expect(service(memory).upload({ ownerId: 3, purpose: 'kyc', bytes: await makeJp2() })).rejects.toThrow();
      expect(memory.keys()).toEqual([]);
    } finally {
      await database.db.execute(sql`alter table files_away rename to files`);
    }
    expect(await database.db.select().from(files).where(sql`${files.ownerUserId} = 3`)).toEqual([]);
  });

  it('answers a stored file whose blob is gone as not found', async () => {
    const store = createMemoryStore();
    const s = service(store);
    const f = await s.upload({ ownerId: 4, purpose: 'chat', bytes: await makePng() });
    await store.delete(`chat/${f.id}/original.png`);
    expect(codeOf(await s.open({ kind: 'user', id: 4 }, f.id).catch((e) => e))).toBe(40400);
  });
});

describe('cleanName', () => {
  it('keeps the last segment of a name, without control or direction characters', () => {
    expect(cleanName('C:\\Users\\me\\Desktop\\passport front.JPG')).toBe('passport front.JPG');
    expect(cleanName('../../etc/passwd')).toBe('passwd');
    expect(cleanName('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
    expect(cleanName('a\u0000b\r\nc.png')).toBe('abc.png');
    expect(cleanName('  ')).toBeNull();
    expect(cleanName(undefined)).toBeNull();
    expect([...(cleanName('é'.repeat(500)) ?? '')]).toHaveLength(200);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { read, rowsOf, storedFiles, upload } from './api.ts';
import { makeJp2, makePng, makePngOfSize, PDF } from './images.ts';
import { type S3Server, startS3 } from './s3.ts';

/** The same upload and read cycle with the files in an S3-compatible store (s3rver on a loopback port). */
describe.each(DRIVERS)('files in an S3 bucket on %s', (driver) => {
  let s3: S3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(driver, { files: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('keeps uploads in the bucket, none on the local disk, and reads them back to their owner', async () => {
    const u = await registerUser(t);
    const png = await makePng();
    const jp2 = await makeJp2();
    const a = (await upload(t, u.token, { data: png, purpose: 'chat' })).body.result!;
    const b = (await upload(t, u.token, { data: jp2, purpose: 'kyc' })).body.result!;
    expect(a.sha256).toBe(createHash('sha256').update(png).digest('hex'));
    // The seed's charity NFT drawings (the platform's uploads) are there too.
    expect((await s3.keys()).filter((k) => !k.startsWith('nft/'))).toEqual(
      [`chat/${a.id}/original.png`, `kyc/${b.id}/display.png`, `kyc/${b.id}/original.jp2`].sort(),
    );
    expect(await storedFiles(t)).toEqual([]);

    const gotA = await read(t, u.token, a.url);
    expect(gotA.headers['content-type']).toBe('image/png');
    expect(gotA.headers['content-length']).toBe(String(png.length));
    expect(gotA.rawPayload.equals(png)).toBe(true);
    expect((await read(t, u.token, b.url)).headers['content-type']).toBe('image/png');
    expect((await read(t, u.token, `${b.url}?variant=original`)).rawPayload.equals(jp2)).toBe(true);

    const other = await registerUser(t);
    expect((await read(t, other.token, a.url)).json()).toMatchObject({ code: 40400 });
  });

  it('puts nothing in the bucket for a refused upload', async () => {
    const u = await registerUser(t);
    const before = await s3.keys();
    expect((await upload(t, u.token, { data: PDF, filename: 'x.png' })).body.code).toBe(40018);
    expect((await upload(t, u.token, { data: await makePngOfSize(3 * 1024 * 1024) })).body.code).toBe(40019);
    expect(await rowsOf(t, u.id)).toEqual([]);
    expect(await s3.keys()).toEqual(before);
  });
});

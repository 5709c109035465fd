import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { UPLOAD_PATH } from '../files.routes.ts';
import { MAX_UPLOAD_BYTES } from '../files.tables.ts';
import { read, rowsOf, storedFiles, upload } from './api.ts';
import {
  GIF,
  H,
  makeJ2c,
  makeJp2,
  makeJpeg,
  makePng,
  makePngOfSize,
  multipart,
  PDF,
  pattern,
  SVG,
  W,
} from './images.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(DRIVERS)('file upload and reading on %s', (driver) => {
  let t: TestApp;
  let png: Buffer;
  let jpeg: Buffer;
  let jp2: Buffer;
  beforeAll(async () => {
    t = await createTestApp(driver);
    [png, jpeg, jp2] = await Promise.all([makePng(), makeJpeg(), makeJp2()]);
  });
  afterAll(async () => t?.close());

  it('keeps a PNG, records its hash, and gives it back to its owner only', async () => {
    const u = await registerUser(t);
    const res = await upload(t, u.token, { data: png, filename: 'front.png', purpose: 'kyc' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const file = res.body.result!;
    expect(file).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      purpose: 'kyc',
      mime: 'image/png',
      size: png.length,
      sha256: sha256(png),
      width: W,
      height: H,
      url: `/swx/customer/file/${file.id}`,
    });
    const [row] = await rowsOf(t, u.id);
    expect(row).toMatchObject({ id: file.id, sha256: sha256(png), sizeBytes: png.length, declaredName: 'front.png' });
    expect(await storedFiles(t)).toContain(`kyc/${file.id}/original.png`);

    const got = await read(t, u.token, file.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${file.id}.png"`,
    });
    // The app's security headers apply here as everywhere.
    expect(got.headers['x-frame-options']).toBe('DENY');
    expect(got.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps a JPEG as it is', async () => {
    const u = await registerUser(t);
    const res = await upload(t, u.token, { data: jpeg, filename: 'proof.jpg', purpose: 'deposit-proof' });
    expect(res.body.result).toMatchObject({ mime: 'image/jpeg', size: jpeg.length, sha256: sha256(jpeg) });
    const got = await read(t, u.token, res.body.result!.url);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.equals(jpeg)).toBe(true);
  });

  it('keeps a JPEG 2000 original and shows it as a PNG rendition, or as the original when asked', async () => {
    const u = await registerUser(t);
    const res = await upload(t, u.token, { data: jp2, filename: 'in-hand.jp2', purpose: 'kyc' });
    expect(res.body.result).toMatchObject({ mime: 'image/jp2', size: jp2.length, sha256: sha256(jp2), width: W });
    const { id, url } = res.body.result!;
    expect(await storedFiles(t)).toEqual(expect.arrayContaining([`kyc/${id}/original.jp2`, `kyc/${id}/display.png`]));

    const shown = await read(t, u.token, url);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toBe(`inline; filename="${id}.png"`);
    const { data, info } = await sharp(shown.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([W, H]);
    expect(data.equals(pattern())).toBe(true);

    const original = await read(t, u.token, `${url}?variant=original`);
    expect(original.headers['content-type']).toBe('image/jp2');
    expect(original.rawPayload.equals(jp2)).toBe(true);
    // A bare codestream too.
    const j2c = await makeJ2c();
    const bare = await upload(t, u.token, { data: j2c, filename: 'x.j2k', purpose: 'chat' });
    expect(bare.body.result).toMatchObject({ mime: 'image/j2c', sha256: sha256(j2c) });
    expect((await read(t, u.token, bare.body.result!.url)).headers['content-type']).toBe('image/png');
  });

  it('takes exactly 2 MB and refuses one byte more, and a 3 MB upload, storing nothing', async () => {
    const u = await registerUser(t);
    const exact = await makePngOfSize(MAX_UPLOAD_BYTES);
    expect((await upload(t, u.token, { data: exact })).body.result?.size).toBe(MAX_UPLOAD_BYTES);
    const before = await storedFiles(t);
    const over = await makePngOfSize(MAX_UPLOAD_BYTES + 1);
    const big = await makePngOfSize(3 * 1024 * 1024);
    for (const data of [over, big]) {
      const res = await upload(t, u.token, { data });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 40019, field: 'file', result: null });
      expect(res.body.msg).toMatch(/2 MB/);
    }
    expect(await rowsOf(t, u.id)).toHaveLength(1);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('answers an oversized upload over a real connection too, declared or streamed', async () => {
    const u = await registerUser(t);
    const before = await storedFiles(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const form = multipart([
      { name: 'purpose', value: 'kyc' },
      { name: 'file', filename: 'big.png', data: await makePngOfSize(3 * 1024 * 1024) },
    ]);
    // As one body with its length (refused unread), and in chunks of unknown length (cut by the parser).
    const chunked = () =>
      new ReadableStream({
        start(c) {
          for (let i = 0; i < form.payload.length; i += 64 * 1024) c.enqueue(form.payload.subarray(i, i + 64 * 1024));
          c.close();
        },
      });
    for (const body of [form.payload, chunked()]) {
      const res = await fetch(`http://127.0.0.1:${port}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: { ...form.headers, authorization: u.token },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ code: 40019, field: 'file' });
    }
    expect(await rowsOf(t, u.id)).toEqual([]);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('refuses what is not a whole JPG, JPEG 2000 or PNG, whatever its name, storing nothing', async () => {
    const u = await registerUser(t);
    const before = await storedFiles(t);
    const cutJpeg = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, 4, 0xff, 0xd9]), jpeg.subarray(2)]);
    const refused: [string, Buffer, string][] = [
      ['a PDF named .png', PDF, 'scan.png'],
      ['a PDF named .jpg', PDF, 'passport.jpg'],
      ['an SVG', SVG, 'logo.svg'],
      ['an SVG named .png', SVG, 'logo.png'],
      ['a GIF', GIF, 'a.gif'],
      ['a PNG cut short', png.subarray(0, png.length - 20), 'cut.png'],
      ['a PNG without its end', png.subarray(0, png.length - 12), 'cut.png'],
      ['a JPEG cut short', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'cut.jpg'],
      ['a JPEG cut short with an end marker left', cutJpeg.subarray(0, Math.floor(cutJpeg.length * 0.6)), 'cut.jpg'],
      ['a JPEG 2000 cut short', jp2.subarray(0, jp2.length - 10), 'cut.jp2'],
      ['a PNG with a PDF appended', Buffer.concat([png, PDF]), 'both.png'],
    ];
    for (const [what, data, filename] of refused) {
      const res = await upload(t, u.token, { data, filename, type: 'image/png' });
      expect(res.body, what).toMatchObject({ code: 40018, field: 'file', result: null });
      expect(res.body.msg, what).toMatch(/JPG, JPEG2000 or PNG/);
    }
    expect(await rowsOf(t, u.id)).toEqual([]);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('refuses an upload without an image, and a purpose not open to customers, storing nothing', async () => {
    const u = await registerUser(t);
    const before = await storedFiles(t);
    const noImage = [
      await upload(t, u.token, { data: Buffer.alloc(0) }),
      await upload(t, u.token, {}),
      await upload(t, u.token, { data: png, field: 'image' }),
      await t.call('POST', UPLOAD_PATH, { token: u.token, body: { purpose: 'kyc' } }),
    ];
    for (const res of noImage) expect(res.body).toMatchObject({ code: 40017, field: 'file', result: null });
    // A file is a part of a form, not a JSON string.
    const json = await t.call('POST', UPLOAD_PATH, {
      token: u.token,
      body: { purpose: 'kyc', file: png.toString('base64') },
    });
    expect(json.body).toMatchObject({ code: 40001, field: 'file' });

    for (const purpose of ['nft', 'avatar', 'KYC', '', null]) {
      const res = await upload(t, u.token, { data: png, purpose });
      expect(res.body, String(purpose)).toMatchObject({ code: 40001, field: 'purpose', result: null });
    }
    expect(await rowsOf(t, u.id)).toEqual([]);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('refuses a malformed form, two files, and asks for a token first', async () => {
    const u = await registerUser(t);
    const two = multipart([
      { name: 'purpose', value: 'kyc' },
      { name: 'file', filename: 'a.png', data: png },
      { name: 'file', filename: 'b.png', data: png },
    ]);
    const twoRes = await t.app.inject({
      method: 'POST',
      url: UPLOAD_PATH,
      payload: two.payload,
      headers: { ...two.headers, authorization: u.token },
    });
    expect(twoRes.json()).toMatchObject({ code: 40001, field: 'file' });
    const broken = await t.app.inject({
      method: 'POST',
      url: UPLOAD_PATH,
      payload: two.payload.subarray(0, 300),
      headers: { ...two.headers, authorization: u.token },
    });
    expect(broken.json()).toMatchObject({ code: 40001, field: 'body' });
    expect(await rowsOf(t, u.id)).toEqual([]);

    const anonymous = await upload(t, null, { data: png });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(401);
    const mine = await upload(t, u.token, { data: png });
    expect((await read(t, null, mine.body.result!.url)).statusCode).toBe(401);
  });

  it('answers a file of someone else exactly as a file that does not exist', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const { url } = (await upload(t, owner.token, { data: png })).body.result!;
    const theirs = await read(t, other.token, url);
    const missing = await read(t, other.token, `/swx/customer/file/${randomUUID()}`);
    expect(theirs.statusCode).toBe(missing.statusCode);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json()).toMatchObject({ code: 40400, result: null });
    expect((await read(t, other.token, `${url}?variant=original`)).json()).toMatchObject({ code: 40400 });
    // A malformed id is a malformed field, not a database error.
    expect((await read(t, other.token, '/swx/customer/file/1')).json()).toMatchObject({ code: 40001, field: 'id' });
    expect((await read(t, owner.token, `${url}?variant=raw`)).json()).toMatchObject({ code: 40001, field: 'variant' });
  });

  it('leaves other routes alone: JSON bodies keep their limit and multipart goes nowhere else', async () => {
    const form = multipart([{ name: 'username', value: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.json().code).toBe(40001);
    const big = await t.call('POST', '/swx/customer/login/login', { body: { username: 'x'.repeat(70 * 1024) } });
    expect(big.body.code).toBe(41300);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/swx/docs/json' })).json();
    expect(doc.paths[UPLOAD_PATH].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/swx/customer/file/{id}'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'variant',
      'id',
    ]);
  });
});

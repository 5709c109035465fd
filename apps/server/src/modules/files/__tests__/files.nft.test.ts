/**
 * NFT artwork: operators upload it (POST /swx/admin/files/upload, `nfts.edit`, audited, owned by the
 * platform) and anyone reads it at its public URL (GET /swx/customer/index/nftImage/:id, cached for
 * good); no other file is reachable there.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { ADMIN_UPLOAD_PATH } from '../../admin/admin.files.routes.ts';
import { PLATFORM_OWNER_ID } from '../files.service.ts';
import { files } from '../files.tables.ts';
import { THUMBNAIL_PX } from '../image-decode.ts';
import { upload } from './api.ts';
import { makeJpeg, makePng, multipart, PDF } from './images.ts';

interface AdminUploadAnswer {
  code: number;
  msg: string;
  field?: string;
  result: {
    id: string;
    purpose: string;
    mime: string;
    size: number;
    width: number;
    height: number;
    url: string;
    thumbnail: string;
  } | null;
}

async function adminUpload(
  t: TestApp,
  token: string | null,
  opts: { data: Buffer; filename?: string; purpose?: string },
): Promise<{ status: number; body: AdminUploadAnswer }> {
  const { payload, headers } = multipart([
    { name: 'purpose', value: opts.purpose ?? 'nft' },
    { name: 'file', filename: opts.filename ?? 'art.png', data: opts.data },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: ADMIN_UPLOAD_PATH,
    payload,
    headers: { ...headers, ...(token ? { authorization: token } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

describe.each(DRIVERS)('NFT images on %s', (driver) => {
  let t: TestApp;
  let owner: string;
  let editor: string;
  let art: Buffer;
  beforeAll(async () => {
    t = await createTestApp(driver);
    owner = await adminToken(t, 'owner');
    editor = await adminToken(t, 'editor');
    art = await makePng(800, 600);
  });
  afterAll(async () => t?.close());

  const audit = async (targetId: string) =>
    (
      await t.call<{ items: { action: string; role: string; after: Record<string, unknown> }[] }>(
        'GET',
        '/swx/admin/audit',
        { token: owner, query: { targetType: 'file', targetId } },
      )
    ).body.result.items;

  it('an editor uploads artwork: owned by the platform, audited, with public URLs and a thumbnail', async () => {
    const res = await adminUpload(t, editor, { data: art, filename: 'sunrise.png' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const file = res.body.result!;
    expect(file).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      purpose: 'nft',
      mime: 'image/png',
      size: art.length,
      width: 800,
      height: 600,
      url: `/swx/customer/index/nftImage/${file.id}`,
      thumbnail: `/swx/customer/index/nftImage/${file.id}?variant=thumbnail`,
    });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({ ownerUserId: PLATFORM_OWNER_ID, purpose: 'nft', declaredName: 'sunrise.png' });
    expect(row?.thumbnailKey).toBe(`nft/${file.id}/thumbnail.png`);
    const [entry] = await audit(file.id);
    expect(entry).toMatchObject({
      action: 'files.upload',
      role: 'editor',
      after: { purpose: 'nft', mime: 'image/png', size: art.length, name: 'sunrise.png' },
    });
  });

  it('serves an NFT image to anyone, with its thumbnail, cached for good and not sniffed', async () => {
    const { id, url, thumbnail } = (await adminUpload(t, owner, { data: art })).body.result!;
    const shown = await t.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(art)).toBe(true);
    expect(shown.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(art.length),
      'cache-control': PUBLIC_CACHE,
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${id}.png"`,
    });
    // The app's policy lets its own pages show same-origin images.
    expect(shown.headers['content-security-policy']).toMatch(/img-src 'self'/);

    const small = await t.app.inject({ method: 'GET', url: thumbnail });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/png');
    expect(small.headers['cache-control']).toBe(PUBLIC_CACHE);
    const meta = await sharp(small.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(THUMBNAIL_PX);

    const original = await t.app.inject({ method: 'GET', url: `${url}?variant=original` });
    expect(original.rawPayload.equals(art)).toBe(true);
    // Signed in or not, the same answer.
    const u = await registerUser(t);
    const signedIn = await t.app.inject({ method: 'GET', url, headers: { authorization: u.token } });
    expect(signedIn.rawPayload.equals(art)).toBe(true);
  });

  it('answers any other file, an unknown id and a malformed one exactly as a missing file', async () => {
    const u = await registerUser(t);
    const kyc = (await upload(t, u.token, { data: await makeJpeg(), purpose: 'kyc' })).body.result!;
    const answers = [];
    for (const id of [kyc.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', 'x'.repeat(90)]) {
      for (const suffix of ['', '?variant=thumbnail', '?variant=original']) {
        const res = await t.app.inject({ method: 'GET', url: `/swx/customer/index/nftImage/${id}${suffix}` });
        expect(res.statusCode, id).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
        answers.push(res.json());
      }
    }
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ code: 40400, result: null });
    // The owner still reads their own file at the private route.
    expect((await t.app.inject({ method: 'GET', url: kyc.url, headers: { authorization: u.token } })).statusCode).toBe(
      200,
    );
  });

  it('refuses uploads to roles without nfts.edit, to customers and to strangers', async () => {
    const count = async () => (await t.database.db.select().from(files)).length;
    const before = await count();
    for (const role of ['reviewer', 'support'] as const) {
      const res = await adminUpload(t, await adminToken(t, role), { data: art });
      expect(res.body, role).toMatchObject({ code: 40020, result: null });
    }
    const u = await registerUser(t);
    expect((await adminUpload(t, u.token, { data: art })).status).toBe(401);
    expect((await adminUpload(t, null, { data: art })).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('checks artwork as a customer upload: a PDF named .png, another purpose, no file', async () => {
    const pdf = await adminUpload(t, editor, { data: PDF, filename: 'art.png' });
    expect(pdf.body).toMatchObject({ code: 40018, field: 'file', result: null });
    const kyc = await adminUpload(t, editor, { data: art, purpose: 'kyc' });
    expect(kyc.body).toMatchObject({ code: 40001, field: 'purpose', result: null });
    const { payload, headers } = multipart([{ name: 'purpose', value: 'nft' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: ADMIN_UPLOAD_PATH,
      payload,
      headers: { ...headers, authorization: editor },
    });
    expect(none.json()).toMatchObject({ code: 40017, field: 'file' });
  });

  it('keeps multipart to the upload routes: other admin routes still refuse it', async () => {
    const { payload, headers } = multipart([{ name: 'purpose', value: 'nft' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/params/site_name',
      payload,
      headers: { ...headers, authorization: owner },
    });
    expect(res.json().code).not.toBe(200);
  });
});

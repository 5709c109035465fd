import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.ts';
import { UPLOAD_PATH } from '../files.routes.ts';
import { files } from '../files.tables.ts';
import { multipart } from './images.ts';

export interface UploadAnswer {
  code: number;
  msg: string;
  field?: string;
  result: {
    id: string;
    purpose: string;
    mime: string;
    size: number;
    sha256: string;
    width: number;
    height: number;
    url: string;
  } | null;
}

/** POST /swx/customer/file/upload as a browser form would send it. */
export async function upload(
  t: TestApp,
  token: string | null,
  opts: { data?: Buffer; filename?: string; type?: string; purpose?: string | null; field?: string } = {},
): Promise<{ status: number; body: UploadAnswer }> {
  const parts: Parameters<typeof multipart>[0] = [];
  if (opts.purpose !== null) parts.push({ name: 'purpose', value: opts.purpose ?? 'kyc' });
  if (opts.data) {
    parts.push({
      name: opts.field ?? 'file',
      filename: opts.filename ?? 'photo.png',
      type: opts.type,
      data: opts.data,
    });
  }
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD_PATH,
    payload,
    headers: { ...headers, ...(token ? { authorization: token } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

export function read(t: TestApp, token: string | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

export async function rowsOf(t: TestApp, userId: number) {
  return t.database.db.select().from(files).where(eq(files.ownerUserId, userId));
}

/** Every file under the app's upload folder (none when the folder was never made). */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const dir = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

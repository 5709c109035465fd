/** The KYC tests' shared steps: photos uploaded as the user's browser would, and a valid body. */
import type { KycView } from '@openbourse/contracts/kyc.ts';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { upload } from '../../files/__tests__/api.ts';
import { makePng } from '../../files/__tests__/images.ts';

/** One photo of `purpose` uploaded by the user: its file id. */
export async function photo(t: TestApp, token: string, purpose = 'kyc'): Promise<string> {
  const res = await upload(t, token, { data: await makePng(), purpose });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.result!.id;
}

/** A complete ID-card application with three fresh photos, `over` replacing any field. */
export async function application(t: TestApp, token: string, over: Record<string, unknown> = {}) {
  return {
    firstName: 'Amina',
    lastName: 'Okafor',
    birthDate: '1990-04-12',
    sex: 'female',
    country: 'GB',
    address: '12 Harbour Street, Leith, Edinburgh EH6 6LB',
    phone: '+44 7700 900123',
    documentType: 'id_card',
    frontFileId: await photo(t, token),
    backFileId: await photo(t, token),
    inHandFileId: await photo(t, token),
    ...over,
  };
}

export const KYC_PATH = '/swx/customer/user/identification';

export function submit(
  t: TestApp,
  token: string,
  body: unknown,
  headers: Record<string, string> = { virtually: 'NO' },
) {
  return t.call<KycView>('POST', KYC_PATH, { token, body, headers });
}

export async function kycView(t: TestApp, token: string): Promise<KycView> {
  const res = await t.call<KycView>('GET', KYC_PATH, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

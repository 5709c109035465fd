/**
 * user/identification through the API on every database driver: the states a user goes through,
 * every refusal with its code and field, and two submissions at once.
 */
import type { AdminKycItem } from '@openbourse/contracts/kyc.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';
import { application, KYC_PATH, kycView, photo, submit } from './helpers.ts';

/** The test app's clock: 2026-11-18 15:00 UTC, so the server's day is 2026-11-18. */
const TODAY = '2026-11-18';

describe.each(DRIVERS)('kyc on %s', (driver) => {
  let t: TradingTestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    owner = await adminToken(t, 'owner');
  });
  afterAll(async () => t?.close());

  const userInfo = async (token: string) =>
    (await t.call<{ kycStatus: string }>('POST', '/swx/customer/user/getUserInfo', { token })).body.result;
  const rows = async (userId: number) =>
    (
      (await t.database.db.execute(
        sql`select status from kyc_applications where user_id = ${userId} order by id`,
      )) as unknown as { rows: { status: string }[] }
    ).rows.map((r) => r.status);

  it('starts unverified and needs a session', async () => {
    const u = await t.user();
    expect(await kycView(t, u.token)).toEqual({ status: 'none', application: null });
    expect((await t.call('GET', KYC_PATH, {})).status).toBe(401);
    expect((await t.call('POST', KYC_PATH, { body: {} })).body.code).toBe(401);
    expect(await t.services.kyc.status(u.id)).toBe('none');
    await expect(t.services.kyc.assertVerified(u.id)).rejects.toMatchObject({ code: 10022 });
  });

  it('submits for review (20001), waits pending until verified, then refuses another (10019)', async () => {
    const u = await t.user();
    const body = await application(t, u.token);
    const res = await submit(t, u.token, body);
    expect(res.body).toMatchObject({ code: 200, msgCode: 20001, msg: expect.any(String) });
    const app = res.body.result.application!;
    expect(res.body.result.status).toBe('pending');
    expect(app).toMatchObject({
      firstName: 'Amina',
      lastName: 'Okafor',
      birthDate: '1990-04-12',
      sex: 'female',
      country: 'GB',
      documentType: 'id_card',
      status: 'pending',
      reason: null,
      decidedAt: null,
      submittedAt: t.clock.now().getTime(),
    });
    // Within 48 hours by default (the kyc_review_hours parameter).
    expect(app.reviewBy - app.submittedAt).toBe(48 * 3_600_000);
    expect((await userInfo(u.token)).kycStatus).toBe('pending');
    expect(await kycView(t, u.token)).toEqual(res.body.result);

    // While it waits: 80007, and nothing stored.
    expect((await submit(t, u.token, await application(t, u.token))).body.code).toBe(80007);
    expect(await rows(u.id)).toEqual(['pending']);

    const approved = await t.call<AdminKycItem>('POST', `/swx/admin/kyc/${app.id}/approve`, { token: owner });
    expect(approved.body.result).toMatchObject({ id: app.id, status: 'verified', userId: u.id });
    const view = await kycView(t, u.token);
    expect(view).toMatchObject({ status: 'verified', application: { id: app.id, status: 'verified' } });
    expect(view.application?.decidedAt).toBe(t.clock.now().getTime());
    expect((await userInfo(u.token)).kycStatus).toBe('verified');
    expect(await t.services.kyc.status(u.id)).toBe('verified');
    await expect(t.services.kyc.assertVerified(u.id)).resolves.toBeUndefined();

    expect((await submit(t, u.token, await application(t, u.token))).body.code).toBe(10019);
    expect(await rows(u.id)).toEqual(['verified']);
  });

  it('lets a failed user see the reason and submit again; the review time follows the parameter', async () => {
    const u = await t.user();
    const first = (await submit(t, u.token, await application(t, u.token))).body.result.application!;
    const rejected = await t.call<AdminKycItem>('POST', `/swx/admin/kyc/${first.id}/reject`, {
      token: owner,
      body: { reason: 'The photo in hand is blurred' },
    });
    expect(rejected.body.result).toMatchObject({ status: 'failed', reason: 'The photo in hand is blurred' });
    expect(await kycView(t, u.token)).toMatchObject({
      status: 'failed',
      application: { id: first.id, status: 'failed', reason: 'The photo in hand is blurred' },
    });
    expect((await userInfo(u.token)).kycStatus).toBe('failed');

    const set = await t.call('POST', '/swx/admin/params/kyc_review_hours', { token: owner, body: { value: '24' } });
    expect(set.body.code).toBe(200);
    try {
      t.clock.advance(2_000); // past the parameters' one-second cache
      const again = await submit(
        t,
        u.token,
        await application(t, u.token, { documentType: 'passport', backFileId: null }),
      );
      expect(again.body).toMatchObject({ code: 200, msgCode: 20001, result: { status: 'pending' } });
      const app = again.body.result.application!;
      expect(app.id).not.toBe(first.id);
      expect(app).toMatchObject({ documentType: 'passport', reason: null });
      expect(app.reviewBy - app.submittedAt).toBe(24 * 3_600_000);
      expect(await rows(u.id)).toEqual(['failed', 'pending']);
      expect((await userInfo(u.token)).kycStatus).toBe('pending');
    } finally {
      await t.call('POST', '/swx/admin/params/kyc_review_hours', { token: owner, body: { value: '48' } });
      t.clock.advance(2_000);
    }
  });

  it('answers every bad field with its code and field, and stores nothing', async () => {
    const u = await t.user();
    const base = await application(t, u.token);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ firstName: undefined }, 40001, 'firstName'],
      [{ firstName: '   ' }, 40001, 'firstName'],
      [{ firstName: 'x'.repeat(65) }, 40001, 'firstName'],
      [{ lastName: '' }, 40001, 'lastName'],
      [{ lastName: 'Ok\u0000afor' }, 40001, 'lastName'],
      [{ birthDate: undefined }, 40001, 'birthDate'],
      [{ birthDate: '12/04/1990' }, 40001, 'birthDate'],
      [{ birthDate: '1990-02-30' }, 40001, 'birthDate'],
      [{ sex: 'unknown' }, 40001, 'sex'],
      [{ sex: undefined }, 40001, 'sex'],
      [{ country: 'XX' }, 40001, 'country'],
      [{ country: 'gb' }, 40001, 'country'],
      [{ country: undefined }, 40001, 'country'],
      [{ address: '' }, 40001, 'address'],
      [{ address: 'x'.repeat(201) }, 40001, 'address'],
      [{ phone: 'call me' }, 40002, 'phone'],
      [{ phone: undefined }, 40002, 'phone'],
      [{ documentType: 'visa' }, 40001, 'documentType'],
      [{ documentType: undefined }, 40001, 'documentType'],
      [{ frontFileId: undefined }, 40017, 'frontFileId'],
      [{ frontFileId: 'not-a-uuid' }, 40017, 'frontFileId'],
      [{ inHandFileId: 42 }, 40017, 'inHandFileId'],
    ];
    for (const [over, code, field] of cases) {
      const res = await submit(t, u.token, { ...base, ...over });
      expect(res.body, `${JSON.stringify(over)} → ${JSON.stringify(res.body)}`).toMatchObject({ code, field });
    }
    expect((await submit(t, u.token, 'not json')).body.code).toBe(40001);
    expect(await rows(u.id)).toEqual([]);
    expect((await kycView(t, u.token)).status).toBe('none');
  });

  it('checks the age on the server’s day: 18 today passes, a day short is 40057, the future 40001', async () => {
    const [year, month, day] = TODAY.split('-').map(Number) as [number, number, number];
    const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
    const cases: [string, number][] = [
      [iso(year - 18, month, day + 1), 40057], // 18 tomorrow
      [iso(year - 1, month, day), 40057],
      [iso(year, month, day), 40057], // born today
      [iso(year, month, day + 1), 40001], // tomorrow: not a birth date
      ['2999-01-01', 40001],
      ['1899-12-31', 40001],
    ];
    const u = await t.user();
    const base = await application(t, u.token);
    for (const [birthDate, code] of cases) {
      const res = await submit(t, u.token, { ...base, birthDate });
      expect(res.body, birthDate).toMatchObject({ code, field: 'birthDate' });
    }
    expect(t.clock.now().toISOString().slice(0, 10)).toBe(TODAY);
    const ok = await submit(t, u.token, { ...base, birthDate: iso(year - 18, month, day) });
    expect(ok.body).toMatchObject({ code: 200, result: { application: { birthDate: `${year - 18}-11-18` } } });
  });

  it('reads the day from the server’s clock: refused the day before the 18th birthday, taken on it', async () => {
    const u = await t.user();
    const body = await application(t, u.token, { birthDate: '2008-11-19' });
    const start = t.clock.now();
    expect((await submit(t, u.token, body)).body).toMatchObject({ code: 40057, field: 'birthDate' });
    try {
      t.clock.set('2026-11-19T00:00:01Z');
      const res = await submit(t, u.token, body);
      expect(res.body).toMatchObject({ code: 200, result: { status: 'pending' } });
      expect(res.body.result.application?.submittedAt).toBe(Date.parse('2026-11-19T00:00:01Z'));
    } finally {
      t.clock.set(start);
    }
  });

  it('takes only the user’s own KYC uploads, three different ones; the back only a passport may leave out', async () => {
    const u = await t.user();
    const other = await t.user();
    const base = await application(t, u.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ frontFileId: await photo(t, other.token) }, 'frontFileId'],
      [{ backFileId: await photo(t, u.token, 'deposit-proof') }, 'backFileId'],
      [{ inHandFileId: await photo(t, u.token, 'chat') }, 'inHandFileId'],
      [{ inHandFileId: '6f1c1e9e-6f9b-4b8a-9a51-1f2d3c4b5a69' }, 'inHandFileId'],
      [{ inHandFileId: base.frontFileId }, 'inHandFileId'],
      [{ backFileId: null }, 'backFileId'],
      [{ backFileId: undefined }, 'backFileId'],
      [{ documentType: 'driver_licence', backFileId: null }, 'backFileId'],
      [{ documentType: 'passport', backFileId: await photo(t, other.token) }, 'backFileId'],
    ];
    for (const [over, field] of cases) {
      const res = await submit(t, u.token, { ...base, ...over });
      expect(res.body, JSON.stringify(over)).toMatchObject({ code: 40017, field });
    }
    expect(await rows(u.id)).toEqual([]);
    // A passport has no back: accepted without one.
    const passport = await submit(t, u.token, { ...base, documentType: 'passport', backFileId: undefined });
    expect(passport.body).toMatchObject({ code: 200, result: { application: { documentType: 'passport' } } });
    const [row] = (
      (await t.database.db.execute(
        sql`select back_file_id from kyc_applications where user_id = ${u.id}`,
      )) as unknown as { rows: { back_file_id: string | null }[] }
    ).rows;
    expect(row?.back_file_id).toBeNull();
  });

  it('refuses the demo account (40010)', async () => {
    const u = await t.user();
    const res = await submit(t, u.token, await application(t, u.token), { virtually: 'YES' });
    expect(res.body.code).toBe(40010);
    expect(await rows(u.id)).toEqual([]);
  });

  it('keeps one application of many submitted at once', async () => {
    const u = await t.user();
    const bodies = await Promise.all(Array.from({ length: 4 }, () => application(t, u.token)));
    const answers = await Promise.all(bodies.map((b) => submit(t, u.token, b)));
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 80007, 80007, 80007]);
    expect(await rows(u.id)).toEqual(['pending']);
    expect((await userInfo(u.token)).kycStatus).toBe('pending');
  });

  it('maps the database’s one-pending index to 80007 when the service’s own check is passed by', async () => {
    const u = await t.user();
    const body = await application(t, u.token);
    // A row inserted behind the service's back (as a racing request would): the status still says none.
    await t.database.db.execute(
      sql`insert into kyc_applications (user_id, first_name, last_name, birth_date, sex, country, address, phone,
            document_type, front_file_id, back_file_id, in_hand_file_id, status, submitted_at)
          values (${u.id}, 'A', 'B', '1990-01-01', 'male', 'GB', 'x', '+441234567', 'id_card',
            ${body.frontFileId}, ${body.backFileId}, ${body.inHandFileId}, 'pending', now())`,
    );
    expect((await submit(t, u.token, body)).body.code).toBe(80007);
    expect((await userInfo(u.token)).kycStatus).toBe('none');
  });

  it('counts submissions: past 20 in an hour, 42900', async () => {
    const u = await t.user();
    const base = await application(t, u.token, { birthDate: '2020-01-01' });
    for (let i = 0; i < 20; i++) expect((await submit(t, u.token, base)).body.code).toBe(40057);
    const res = await submit(t, u.token, base);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(42900);
  });
});

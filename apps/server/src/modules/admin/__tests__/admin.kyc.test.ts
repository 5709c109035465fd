/**
 * The KYC review queue through the admin API on every database driver: the queue's order, filter
 * and pages, a decision made once however many reviewers race, the audit, the user's
 * notification in their language, the photos, and who may do what.
 */
import type { AdminKycItem, AdminKycList } from '@openbourse/contracts/kyc.ts';
import type { Notification } from '@openbourse/contracts/notifications.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { upload } from '../../files/__tests__/api.ts';
import { makeJp2 } from '../../files/__tests__/images.ts';
import { application, kycView, submit } from '../../kyc/__tests__/helpers.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

describe.each(DRIVERS)('admin kyc on %s', (driver) => {
  let t: TradingTestApp;
  let owner: string;
  let reviewer: string;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    owner = await adminToken(t, 'owner');
    reviewer = await adminToken(t, 'reviewer');
  });
  afterAll(async () => t?.close());

  /** A new user with an application waiting: the user and the application's id. */
  async function pending(over: Record<string, unknown> = {}) {
    const u = await t.user();
    const res = await submit(t, u.token, await application(t, u.token, over));
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return { user: u, id: res.body.result.application!.id };
  }
  const decide = (token: string, id: number, how: 'approve' | 'reject', reason?: string) =>
    t.call<AdminKycItem>('POST', `/swx/admin/kyc/${id}/${how}`, {
      token,
      ...(how === 'reject' ? { body: { reason } } : {}),
    });
  const notes = async (token: string, lang = 'en') =>
    (
      await t.call<{ list: Notification[] }>('GET', '/swx/customer/user/listNotification', {
        token,
        headers: { lang },
      })
    ).body.result.list;

  it('approves once when two reviewers approve at once; a later decision is 40036', async () => {
    const { user, id } = await pending();
    const [a, b] = await Promise.all([decide(owner, id, 'approve'), decide(reviewer, id, 'approve')]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 40036]);
    const won = a.body.code === 200 ? a.body.result : b.body.result;
    expect(won).toMatchObject({ id, status: 'verified', userId: user.id, reason: null });
    expect(won.decidedBy).toMatch(/@admin\.test$/);
    expect((await decide(owner, id, 'reject', 'Too late to change')).body.code).toBe(40036);
    expect((await decide(owner, id, 'approve')).body.code).toBe(40036);
    expect((await kycView(t, user.token)).status).toBe('verified');

    const verified = (await notes(user.token)).filter((n) => n.kind === 'kycVerified');
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatchObject({ title: 'Identity verified', subject: { type: 'account', id: null } });
    const audit = await t.call<{ items: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      '/swx/admin/audit',
      { token: owner, query: { targetType: 'kyc', targetId: String(id) } },
    );
    expect(audit.body.result.items).toHaveLength(1);
    expect(audit.body.result.items[0]).toMatchObject({
      action: 'kyc.approve',
      before: { status: 'pending' },
      after: { status: 'verified', userId: user.id },
    });
  });

  it('decides once when an approval and a rejection race', async () => {
    const { user, id } = await pending();
    const [a, b] = await Promise.all([
      decide(owner, id, 'approve'),
      decide(reviewer, id, 'reject', 'The document has expired'),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 40036]);
    const status = a.body.code === 200 ? 'verified' : 'failed';
    expect((await kycView(t, user.token)).status).toBe(status);
    const kinds = (await notes(user.token)).map((n) => n.kind).filter((k) => k.startsWith('kyc'));
    expect(kinds).toEqual([status === 'verified' ? 'kycVerified' : 'kycFailed']);
  });

  it('rejects with a reason the user reads in their language', async () => {
    const { user, id } = await pending();
    expect((await t.call('POST', `/swx/admin/kyc/${id}/reject`, { token: owner, body: {} })).body).toMatchObject({
      code: 40001,
      field: 'reason',
    });
    const res = await decide(reviewer, id, 'reject', 'Name does not match the document');
    expect(res.body.result).toMatchObject({ status: 'failed', reason: 'Name does not match the document' });
    const [en] = (await notes(user.token)).filter((n) => n.kind === 'kycFailed');
    expect(en?.title).toBe('Identity verification failed');
    expect(en?.body).toContain('Name does not match the document');
    const [de] = (await notes(user.token, 'de')).filter((n) => n.kind === 'kycFailed');
    expect(de?.title).toBe('Identitätsprüfung fehlgeschlagen');
    expect(de?.body).toContain('Name does not match the document');
    // The user may submit again; the new application waits in the queue.
    const again = await submit(t, user.token, await application(t, user.token));
    expect(again.body).toMatchObject({ code: 200, result: { status: 'pending' } });
  });

  it('lists waiting applications first, oldest first, filters by state and pages', async () => {
    const first = await pending();
    const second = await pending({ documentType: 'passport', backFileId: null });
    const decided = await pending();
    await decide(owner, decided.id, 'reject', 'Unreadable');
    const list = async (query: Record<string, string>) =>
      (await t.call<AdminKycList>('GET', '/swx/admin/kyc', { token: reviewer, query })).body;

    const waiting = (await list({ status: 'pending', size: '100' })).result;
    const ids = waiting.list.map((x) => x.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(decided.id);
    expect(waiting.list.every((x) => x.status === 'pending')).toBe(true);
    expect(waiting.total).toBe(waiting.list.length);
    const item = waiting.list.find((x) => x.id === second.id)!;
    expect(item).toMatchObject({
      userId: second.user.id,
      documentType: 'passport',
      backFileId: null,
      firstName: 'Amina',
      country: 'GB',
      decidedBy: null,
    });
    expect(item.username).toMatch(/^user/);
    expect(item.frontFileId).toMatch(/^[0-9a-f-]{36}$/);

    const failed = (await list({ status: 'failed' })).result;
    expect(failed.list.find((x) => x.id === decided.id)).toMatchObject({ status: 'failed', reason: 'Unreadable' });
    // Everything: the waiting ones before any decided one.
    const all = (await list({ size: '100' })).result;
    const states = all.list.map((x) => x.status);
    expect(states.lastIndexOf('pending')).toBeLessThan(states.findIndex((s) => s !== 'pending'));
    const page = (await list({ page: '2', size: '1' })).result;
    expect(page).toMatchObject({ page: 2, size: 1, total: all.total });
    expect(page.list[0]?.id).toBe(all.list[1]?.id);

    for (const query of [{ status: 'approved' }, { size: '0' }, { page: 'x' }] as Record<string, string>[]) {
      expect((await list(query)).code, JSON.stringify(query)).toBe(40001);
    }
    const one = await t.call<AdminKycItem>('GET', `/swx/admin/kyc/${first.id}`, { token: reviewer });
    expect(one.body.result).toMatchObject({ id: first.id, status: 'pending', userId: first.user.id });
    expect((await t.call('GET', '/swx/admin/kyc/987654321', { token: owner })).body.code).toBe(80005);
    expect((await t.call('POST', '/swx/admin/kyc/987654321/approve', { token: owner })).body.code).toBe(80005);
    expect((await t.call('GET', '/swx/admin/kyc/abc', { token: owner })).body.code).toBe(40001);
  });

  it('shows the photos to owners and reviewers only; a JPEG 2000 as its PNG rendition', async () => {
    const u = await t.user();
    const jp2 = await upload(t, u.token, { data: await makeJp2(), filename: 'front.jp2', purpose: 'kyc' });
    expect(jp2.body.code, JSON.stringify(jp2.body)).toBe(200);
    const res = await submit(t, u.token, await application(t, u.token, { frontFileId: jp2.body.result!.id }));
    const item = (
      await t.call<AdminKycItem>('GET', `/swx/admin/kyc/${res.body.result.application!.id}`, { token: owner })
    ).body.result;
    const file = async (token: string, id: string) =>
      t.app.inject({ method: 'GET', url: `/swx/admin/files/${id}`, headers: { authorization: token } });
    for (const token of [owner, reviewer]) {
      const front = await file(token, item.frontFileId);
      expect(front.statusCode).toBe(200);
      expect(front.headers['content-type']).toBe('image/png');
      expect((await file(token, item.inHandFileId)).statusCode).toBe(200);
      expect((await file(token, item.backFileId!)).statusCode).toBe(200);
    }
    for (const role of ['support', 'editor'] as const) {
      expect((await file(await adminToken(t, role), item.frontFileId)).json()).toMatchObject({ code: 40400 });
    }
  });

  it('lets owners and reviewers read and decide; support, editors and customers nothing', async () => {
    const { user, id } = await pending();
    const calls = [
      ['GET', '/swx/admin/kyc', undefined],
      ['GET', `/swx/admin/kyc/${id}`, undefined],
      ['POST', `/swx/admin/kyc/${id}/reject`, { reason: 'Not allowed to say' }],
      ['POST', `/swx/admin/kyc/${id}/approve`, undefined],
    ] as const;
    for (const role of ['support', 'editor'] as const) {
      const token = await adminToken(t, role);
      for (const [method, url, body] of calls) {
        expect((await t.call(method, url, { token, body })).body.code, `${role} ${url}`).toBe(40020);
      }
    }
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { token: user.token, body });
      expect(res.status).toBe(401);
    }
    expect((await kycView(t, user.token)).status).toBe('pending');
    expect((await t.call('GET', '/swx/admin/kyc', { token: reviewer })).body.code).toBe(200);
    expect((await decide(reviewer, id, 'approve')).body.code).toBe(200);
  });
});

/**
 * The invite routes and the model's refusals: the summary and the invitees page, bad input, a
 * self-invite and an invite cycle refused (by the service and by the database), the back office's
 * audited rule.
 */
import type { AdminInviteRule } from '@openbourse/contracts/invites.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { adminAudit } from '../../admin/admin.tables.ts';
import { createInvitesTestApp, type InvitesTestApp } from './helpers.ts';

describe.each(DRIVERS)('invites API on %s', (driver) => {
  let t: InvitesTestApp;
  beforeAll(async () => {
    t = await createInvitesTestApp(driver);
  });
  afterAll(async () => t?.close());

  /** PUT /swx/admin/invite-rule (the test client's call speaks GET and POST). */
  const put = async <T = unknown>(token: string, body: unknown) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/swx/admin/invite-rule',
      headers: { authorization: token },
      payload: body as object,
    });
    return { status: res.statusCode, body: res.json() as { code: number; result: T } };
  };

  it('a new user: their code and link path, the default rule disclosed, nothing earned, no invitees', async () => {
    const u = await t.member();
    const s = await t.summary(u.token);
    expect(s.code).toBe(u.inviteCode);
    expect(s.linkPath).toBe(`/pass/register?invite=${u.inviteCode}`);
    expect(s.rule).toMatchObject({
      enabled: true,
      share: '0.2',
      periodDays: 180,
      currency: 'USDT',
      capPerInvitee: null,
    });
    expect(s).toMatchObject({ earned: [], invitees: 0, traded: 0 });
    expect(await t.invitees(u.token)).toEqual({ list: [], total: 0, page: 1, size: 20 });
  });

  it('signed in only; bad paging refused naming the field', async () => {
    const res = await t.call('GET', '/swx/customer/user/inviteSummary');
    expect(res.body.code).toBe(401);
    const u = await t.member();
    const bad = await t.call('GET', '/swx/customer/user/listInvitees', { token: u.token, query: { size: '1000' } });
    expect(bad.body).toMatchObject({ code: ErrorCode.InvalidField, field: 'size' });
  });

  it('invitees newest first, masked, paged; traded only after a real fee', async () => {
    const inviter = await t.member();
    const a = await t.member(inviter.inviteCode, `alice${Date.now().toString(36)}`);
    t.clock.advance(60_000);
    const b = await t.member(inviter.inviteCode.toLowerCase(), `bob${Date.now().toString(36)}`);
    await t.fee(a.id, '1');
    await t.fee(b.id, '1', 'demo');
    const page1 = await t.invitees(inviter.token, { size: '1' });
    expect(page1.total).toBe(2);
    expect(page1.list).toHaveLength(1);
    expect(page1.list[0]!.username.startsWith('bo***')).toBe(true);
    expect(page1.list[0]!.traded).toBe(false); // demo fees are not trading in the real account
    const page2 = await t.invitees(inviter.token, { size: '1', page: '2' });
    expect(page2.list[0]!.username.startsWith('al***')).toBe(true);
    expect(page2.list[0]!.traded).toBe(true);
    expect((await t.summary(inviter.token)).traded).toBe(1);
  });

  it('an unknown invite code is refused at sign-up', async () => {
    const email = `nocode${Date.now()}@example.com`;
    await t.call('POST', '/swx/customer/login/sendCode', { body: { channel: 'email', purpose: 'register', email } });
    const code = await t.lastCode(email);
    const res = await t.call('POST', '/swx/customer/login/register', {
      body: {
        method: 'email',
        username: `nocode${Date.now()}`,
        email,
        password: 'Secret123',
        code,
        inviteCode: 'ZZZZZZZZ',
      },
    });
    expect(res.body).toMatchObject({ code: ErrorCode.InvalidField, field: 'inviteCode' });
  });

  it('self-invites and invite cycles are refused, by the service and by the database', async () => {
    const a = await t.member();
    const b = await t.member(a.inviteCode);
    const c = await t.member(b.inviteCode);
    const db = t.database.db;
    const refused = async (userId: number, inviterId: number) => {
      await expect(t.services.invites.setInviter(db, userId, inviterId)).rejects.toMatchObject({
        code: ErrorCode.InvalidField,
        field: 'inviteCode',
      });
    };
    await refused(a.id, a.id); // self
    await refused(a.id, b.id); // A invited B: B cannot be A's inviter
    await refused(a.id, c.id); // nor anyone B invited (a longer cycle)
    await refused(b.id, c.id); // B already has an inviter
    // Straight at the table: the check constraint holds whatever the path.
    const raw = (sqlText: ReturnType<typeof sql>) => db.execute(sqlText);
    await expect(raw(sql`update users set invited_by = id where id = ${a.id}`)).rejects.toThrow();
    await expect(raw(sql`update users set invited_by = ${c.id} where id = ${a.id}`)).rejects.toThrow();
    const d = await t.member();
    // An older account as the inviter of one who had none is a tree, not a cycle.
    await t.services.invites.setInviter(db, d.id, a.id);
    expect((await t.invitees(a.token)).total).toBe(2);
  });

  it('the back office: the rule read and changed (audited), bad values refused, owners only', async () => {
    const owner = await adminToken(t, 'owner');
    const got = await t.call<AdminInviteRule>('GET', '/swx/admin/invite-rule', { token: owner });
    expect(got.body.code, JSON.stringify(got.body)).toBe(200);
    expect(got.body.result.rule.currency).toBe('USDT');
    const saved = await put<AdminInviteRule>(owner, {
      enabled: true,
      share: '0.3',
      periodDays: 90,
      capPerInvitee: '100',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result.rule).toMatchObject({ share: '0.3', periodDays: 90, capPerInvitee: '100.000000' });
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'inviteRule.update')));
    expect(audit.length).toBe(1);
    for (const body of [
      { enabled: true, share: '1.5', periodDays: 90, capPerInvitee: null },
      { enabled: true, share: '0.3', periodDays: 0, capPerInvitee: null },
      { enabled: true, share: '0.3', periodDays: 90, capPerInvitee: '0' },
      { enabled: true, share: '0.3', periodDays: 90, capPerInvitee: '1.1234567' },
    ]) {
      const res = await put(owner, body);
      expect(res.body.code, JSON.stringify(body)).toBe(ErrorCode.InvalidField);
    }
    const support = await adminToken(t, 'support');
    const denied = await put(support, { enabled: true, share: '0.3', periodDays: 90, capPerInvitee: null });
    expect(denied.body.code).not.toBe(200);
    // Users see the new rule.
    const u = await t.member();
    expect((await t.summary(u.token)).rule).toMatchObject({
      share: '0.3',
      periodDays: 90,
      capPerInvitee: '100.000000',
    });
  });
});

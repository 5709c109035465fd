/**
 * The support chat through the API (fastify.inject): a user and an agent talk, the limits of a
 * message, attachments refused as uploads are, HTML kept as text, internal notes kept from the
 * user, assignment and closing audited, the visitors' contact form answered by mail, replies left
 * unread mailed in the user's language, canned replies, the customer's context and response times.
 */
import type {
  CannedReply,
  SupportConversation,
  SupportConversationDetail,
  SupportInboxItem,
  SupportInboxPage,
  SupportMessage,
  SupportMessagePage,
  SupportStats,
  SupportUserContext,
} from '@openbourse/contracts/support.ts';
import { LANGUAGES } from '@openbourse/contracts/languages.ts';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { adminAudit } from '../../admin/admin.tables.ts';
import { upload } from '../../files/__tests__/api.ts';
import { makePng, PDF } from '../../files/__tests__/images.ts';
import { outbox } from '../../mail/mail.tables.ts';

const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b> \u202e';

describe.each(DRIVERS)('support chat on %s', (driver) => {
  let t: TestApp;
  let agent: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    agent = await adminToken(t, 'support');
    editor = await adminToken(t, 'editor');
  });
  afterAll(async () => t?.close());

  const send = (token: string, body: unknown) =>
    t.call<SupportMessage>('POST', '/swx/customer/support/send', { token, body });
  const admin = <T>(method: 'GET' | 'POST', url: string, body?: unknown, token = agent) =>
    t.call<T>(method, `/swx/admin/support${url}`, { token, ...(body !== undefined ? { body } : {}) });
  const inject = async (method: 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/swx/admin/support${url}`,
      headers: { authorization: agent },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return res.json() as { code: number; result: CannedReply | null; field?: string };
  };
  const audits = (action: string) =>
    t.database.db.select().from(adminAudit).where(like(adminAudit.action, action)).orderBy(desc(adminAudit.id));

  it('a user and an agent talk: unread counts, read state, assignment, notes kept from the user, closing', async () => {
    const u = await registerUser(t);
    const conv = await t.call<SupportConversation>('GET', '/swx/customer/support/conversation', { token: u.token });
    expect(conv.body.result).toMatchObject({ status: 'open', unreadByUser: 0, unreadByAgent: 0, lastMessage: null });
    const id = conv.body.result.id;

    const raw = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/support/send',
      headers: { authorization: u.token },
      payload: { text: HOSTILE },
    });
    // Stored and answered exactly as written, as JSON: never transformed, never HTML.
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
    const sent = raw.json() as { code: number; result: SupportMessage };
    expect(sent.code).toBe(200);
    expect(sent.result).toMatchObject({
      from: 'user',
      text: HOSTILE,
      attachment: null,
      read: false,
      conversationId: id,
    });

    const inbox = await admin<SupportInboxPage>('GET', '/conversations?filter=unassigned');
    const item = inbox.body.result.list.find((c) => c.id === id);
    expect(item).toMatchObject({ userId: u.id, customerName: u.username, unreadByAgent: 1, visitor: false });
    expect(item?.lastMessage?.text).toBe(HOSTILE);

    const assigned = await admin<SupportInboxItem>('POST', `/conversations/${id}/assign`, {});
    expect(assigned.body.result).toMatchObject({ assignedAgentId: expect.any(Number), assignedAgentName: 'support' });
    const mine = await admin<SupportInboxPage>('GET', '/conversations?filter=mine');
    expect(mine.body.result.list.map((c) => c.id)).toContain(id);
    expect((await audits('support.assign'))[0]).toMatchObject({ targetId: String(id), role: 'support' });

    await admin('POST', `/conversations/${id}/read`);
    await admin('POST', `/conversations/${id}/notes`, { text: 'INTERNAL: asks about a deposit' });
    t.clock.advance(90_000);
    const reply = await admin<SupportMessage>('POST', `/conversations/${id}/reply`, { text: 'Hello, how can I help?' });
    expect(reply.body.result).toMatchObject({ from: 'agent', agentName: 'support', read: false });

    expect((await t.call('GET', '/swx/customer/support/unread', { token: u.token })).body.result).toEqual({
      unread: 1,
    });
    const page = await t.call<SupportMessagePage>('GET', '/swx/customer/support/messages', { token: u.token });
    expect(page.body.result.list.map((m) => [m.from, m.text, m.read])).toEqual([
      ['user', HOSTILE, true],
      ['agent', 'Hello, how can I help?', false],
    ]);
    // The user sees no internal note anywhere.
    const everything = JSON.stringify([page.body, conv.body]);
    expect(everything).not.toContain('INTERNAL');

    expect((await t.call('POST', '/swx/customer/support/read', { token: u.token })).body.result).toEqual({ unread: 0 });
    const detail = await admin<SupportConversationDetail>('GET', `/conversations/${id}`);
    expect(detail.body.result.notes.map((n) => n.text)).toEqual(['INTERNAL: asks about a deposit']);
    expect(detail.body.result.messages.list.at(-1)).toMatchObject({ from: 'agent', read: true });

    const closed = await admin<SupportInboxItem>('POST', `/conversations/${id}/close`);
    expect(closed.body.result.status).toBe('closed');
    expect((await audits('support.close'))[0]).toMatchObject({ targetId: String(id) });
    // The user's next message opens it again.
    await send(u.token, { text: 'One more thing' });
    const again = await t.call<SupportConversation>('GET', '/swx/customer/support/conversation', { token: u.token });
    expect(again.body.result).toMatchObject({ id, status: 'open' });

    const stats = await admin<SupportStats>('GET', '/stats?days=30');
    expect(stats.body.result.answered).toBeGreaterThanOrEqual(1);
    expect(stats.body.result.firstResponseMedianMs).toBeGreaterThanOrEqual(90_000);
    expect(stats.body.result.openCount).toBeGreaterThanOrEqual(1);

    const ctx = await admin<SupportUserContext>('GET', `/conversations/${id}/context`);
    expect(ctx.body.result).toMatchObject({ userId: u.id, username: u.username, kyc: 'none', level: { level: 0 } });
    expect(Array.isArray(ctx.body.result.balances)).toBe(true);
    expect(Array.isArray(ctx.body.result.recentOrders)).toBe(true);
  });

  it('refuses bad messages: over 2,000 characters, empty, wrong types, another’s or a non-chat file', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    expect((await send(u.token, { text: 'x'.repeat(2001) })).body).toMatchObject({ code: 40080, field: 'text' });
    expect((await send(u.token, { text: 'x'.repeat(2000) })).body.code).toBe(200);
    expect((await send(u.token, { text: '' })).body).toMatchObject({ code: 40081 });
    expect((await send(u.token, { text: '   \n ' })).body).toMatchObject({ code: 40081 });
    expect((await send(u.token, {})).body).toMatchObject({ code: 40081 });
    expect((await send(u.token, { text: 42 })).body).toMatchObject({ code: 40081, field: 'text' });
    expect((await send(u.token, { text: ['a'] })).body).toMatchObject({ code: 40081 });
    expect((await send(u.token, { fileId: 'not-a-uuid' })).body).toMatchObject({ code: 40017 });
    expect((await t.call('POST', '/swx/customer/support/send', { body: { text: 'hi' } })).status).toBe(401);

    const png = await makePng();
    const theirs = await upload(t, other.token, { data: png, purpose: 'chat' });
    expect(theirs.body.code).toBe(200);
    expect((await send(u.token, { fileId: theirs.body.result!.id })).body).toMatchObject({ code: 40400 });
    const kyc = await upload(t, u.token, { data: png, purpose: 'kyc' });
    expect((await send(u.token, { fileId: kyc.body.result!.id })).body).toMatchObject({ code: 40082 });
    // A PDF named .png never becomes a file to attach: refused at upload.
    const pdf = await upload(t, u.token, { data: PDF, filename: 'scan.png', type: 'image/png', purpose: 'chat' });
    expect(pdf.body).toMatchObject({ code: 40018, result: null });

    const mine = await upload(t, u.token, { data: png, purpose: 'chat' });
    const withImage = await send(u.token, { fileId: mine.body.result!.id });
    expect(withImage.body.result).toMatchObject({
      text: '',
      attachment: { fileId: mine.body.result!.id, url: `/swx/customer/file/${mine.body.result!.id}` },
    });
    // Support reads the image through the admin file route.
    const detail = await admin<SupportConversationDetail>(
      'GET',
      `/conversations/${withImage.body.result.conversationId}`,
    );
    const att = detail.body.result.messages.list.at(-1)?.attachment;
    expect(att?.url).toBe(`/swx/admin/files/${mine.body.result!.id}`);
    const image = await t.app.inject({ method: 'GET', url: att!.url, headers: { authorization: agent } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // Agents' limits, and who may answer.
    const cid = withImage.body.result.conversationId;
    expect((await admin('POST', `/conversations/${cid}/reply`, { text: 'y'.repeat(2001) })).body).toMatchObject({
      code: 40080,
    });
    expect((await admin('POST', `/conversations/${cid}/reply`, { text: '  ' })).body).toMatchObject({ code: 40081 });
    expect((await admin('POST', '/conversations/999999999/reply', { text: 'hi' })).body).toMatchObject({ code: 40400 });
    expect((await admin('GET', '/conversations', undefined, editor)).body.code).toBe(40020);
    const me = await t.call<{ admin: { id: number } }>('GET', '/swx/admin/auth/me', { token: editor });
    const eid = me.body.result.admin.id;
    expect((await admin('POST', `/conversations/${cid}/assign`, { agentId: eid })).body).toMatchObject({ code: 40085 });
  });

  it('answers a visitor’s contact form by mail in their language, and limits forms per address', async () => {
    const form = {
      name: 'Ana <b>',
      email: 'ana@visitor.test',
      message: 'Can I open an account from Spain?',
      language: 'es',
    };
    const sent = await t.call('POST', '/swx/customer/index/contact', { body: form, remoteAddress: '10.9.9.1' });
    expect(sent.body.code).toBe(200);
    const inbox = await admin<SupportInboxPage>('GET', '/conversations?filter=open&size=100');
    const item = inbox.body.result.list.find((c) => c.customerEmail === 'ana@visitor.test');
    expect(item).toMatchObject({ visitor: true, userId: null, customerName: 'Ana <b>', language: 'es' });
    await admin('POST', `/conversations/${item!.id}/reply`, { text: 'Yes, you can.' });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'ana@visitor.test'))
      .orderBy(desc(outbox.id));
    expect(mail?.subject).toMatch(/soporte/i);
    expect(mail?.body).toContain('Yes, you can.');

    expect(
      (await t.call('POST', '/swx/customer/index/contact', { body: { ...form, email: 'nope' } })).body,
    ).toMatchObject({
      code: 40084,
    });
    expect((await t.call('POST', '/swx/customer/index/contact', { body: { ...form, name: ' ' } })).body).toMatchObject({
      code: 40083,
    });
    for (let i = 0; i < 2; i++) {
      const ok = await t.call('POST', '/swx/customer/index/contact', { body: form, remoteAddress: '10.9.9.1' });
      expect(ok.body.code).toBe(200);
    }
    const over = await t.call('POST', '/swx/customer/index/contact', { body: form, remoteAddress: '10.9.9.1' });
    expect(over.body.code).toBe(42900);
  });

  it('mails a reply the user has not read within five minutes, once, in the user’s language', async () => {
    const u = await registerUser(t);
    await t.services.users.setLanguage(t.database.db, u.id, 'fr');
    const m = await send(u.token, { text: 'Bonjour' });
    const cid = m.body.result.conversationId;
    await admin('POST', `/conversations/${cid}/reply`, { text: 'Bonjour, nous regardons.' });
    const mailsTo = () => t.database.db.select().from(outbox).where(eq(outbox.recipient, u.email));
    const before = (await mailsTo()).length;
    expect(await t.services.supportAgents.mailOffline()).toBe(0);
    t.clock.advance(5 * 60_000 + 1000);
    expect(await t.services.supportAgents.mailOffline()).toBe(1);
    const mails = await mailsTo();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.body).toContain('Bonjour, nous regardons.');
    expect(mails.at(-1)?.subject).toMatch(/support/i);
    expect(mails.at(-1)?.body).toMatch(/Notre équipe/);
    expect(await t.services.supportAgents.mailOffline()).toBe(0);

    // A reply the user read in time is not mailed.
    await admin('POST', `/conversations/${cid}/reply`, { text: 'Read in time' });
    await t.call('POST', '/swx/customer/support/read', { token: u.token });
    t.clock.advance(10 * 60_000);
    expect(await t.services.supportAgents.mailOffline()).toBe(0);
  });

  it('keeps canned replies in the 11 languages (seeded, edited, audited)', async () => {
    const list = await admin<{ list: CannedReply[] }>('GET', '/canned');
    expect(list.body.result.list.length).toBeGreaterThanOrEqual(3);
    for (const c of list.body.result.list) expect(Object.keys(c.text).sort()).toEqual([...LANGUAGES].sort());
    const all = (s: string) => Object.fromEntries(LANGUAGES.map((l) => [l, `${s} ${l}`]));
    const { en: _en, ...noEnglish } = all('t');
    expect((await admin('POST', '/canned', { title: noEnglish, text: all('x') })).body).toMatchObject({ code: 40086 });
    const created = await admin<CannedReply>('POST', '/canned', { title: all('Refund'), text: all('We refund') });
    expect(created.body.result.title.ja).toBe('Refund ja');
    const id = created.body.result.id;
    const updated = await inject('PUT', `/canned/${id}`, { title: all('Refunds'), text: all('We refund') });
    expect(updated.result?.title.en).toBe('Refunds en');
    expect((await inject('DELETE', `/canned/${id}`)).code).toBe(200);
    expect((await inject('DELETE', `/canned/${id}`)).code).toBe(40400);
    expect((await audits('support.canned.%')).map((a) => a.action).slice(0, 3)).toEqual([
      'support.canned.delete',
      'support.canned.update',
      'support.canned.create',
    ]);
  });
});

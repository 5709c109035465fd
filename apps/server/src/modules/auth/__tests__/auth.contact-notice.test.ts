/**
 * A contact change tells the address it replaces: through the outbox, in the change's transaction,
 * in the user's language, the new address masked. The new address gets no such notice, a first
 * address bound replaces none, and a change refused (or rolled back) sends nothing.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { outbox } from '../../mail/mail.tables.ts';

describe.each(DRIVERS)('contact change notice on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  /** The outbox rows to an address written after `afterId`, oldest first. */
  const mailTo = (recipient: string, afterId = 0) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, recipient), gt(outbox.id, afterId)))
      .orderBy(outbox.id);
  const lastId = async () =>
    Number((await t.database.db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)` }).from(outbox))[0]?.id);

  async function codesFor(token: string, kind: 'email' | 'phone', next: Record<string, string>, oldAddress?: string) {
    const send = (body: unknown) => t.call('POST', '/swx/customer/user/sendContactCode', { token, body });
    t.clock.advance(61_000);
    if (oldAddress) expect((await send({ step: 'old', kind })).body.code).toBe(200);
    expect((await send({ step: 'new', kind, ...next })).body.code).toBe(200);
    const newAddress = kind === 'email' ? (next.email as string) : `+${next.areaCode}${next.phone}`;
    return {
      ...(oldAddress ? { oldCode: await t.lastCode(oldAddress) } : {}),
      newCode: await t.lastCode(newAddress),
    };
  }
  const change = (token: string, body: unknown) => t.call('POST', '/swx/customer/user/changeContact', { token, body });

  it('tells the old email address, in the user’s language, the new one masked; not the new address', async () => {
    const u = await registerUser(t);
    const next = `moved-${u.email}`;
    expect(
      (await t.call('POST', '/swx/customer/user/setLanguage', { token: u.token, body: { language: 'de' } })).body.code,
    ).toBe(200);
    const codes = await codesFor(u.token, 'email', { email: next }, u.email);
    const before = await lastId();
    expect((await change(u.token, { kind: 'email', email: next, ...codes })).body.code).toBe(200);

    const [notice, ...more] = await mailTo(u.email, before);
    expect(more).toEqual([]);
    const masked = `m${'*'.repeat(next.split('@')[0]!.length - 1)}@example.com`;
    expect(notice).toMatchObject({
      channel: 'email',
      subject: 'Ihre E-Mail-Adresse bei OpenBourse wurde geändert',
    });
    expect(notice!.body).toContain(`wurde in ${masked} geändert`);
    expect(notice!.body).toContain('OpenBourse-Support');
    // The new address itself is never written out, only its mask.
    expect(notice!.body).not.toContain(next);
    expect(await mailTo(next, before)).toEqual([]);
    // Delivered after the commit like any message: the relay takes it from the outbox.
    await t.services.mailer.drain();
    await expect.poll(async () => (await mailTo(u.email, before))[0]?.status).toBe('logged');
  });

  it('tells the old phone number by SMS; binding a first number tells nobody', async () => {
    const u = await registerUser(t);
    const first = { areaCode: '1', phone: '2025550171' };
    const bound = await lastId();
    const c1 = await codesFor(u.token, 'phone', first);
    expect((await change(u.token, { kind: 'phone', ...first, ...c1 })).body.code).toBe(200);
    const afterBind = await t.database.db.select().from(outbox).where(gt(outbox.id, bound));
    expect(afterBind.filter((m) => /changed|geändert/.test(m.subject))).toEqual([]);

    const second = { areaCode: '44', phone: '7911123456' };
    const c2 = await codesFor(u.token, 'phone', second, '+12025550171');
    const before = await lastId();
    expect((await change(u.token, { kind: 'phone', ...second, ...c2 })).body.code).toBe(200);
    const [sms, ...more] = await mailTo('+12025550171', before);
    expect(more).toEqual([]);
    expect(sms).toMatchObject({ channel: 'sms', subject: 'Your OpenBourse phone number was changed' });
    expect(sms!.body).toBe(
      'The phone number of your OpenBourse account was changed to +44 79******56. If you did not make this change, contact OpenBourse support at once.',
    );
    expect(await mailTo('+447911123456', before)).toEqual([]);
  });

  it('sends nothing when the change is refused: a wrong code, an address taken, a lost race', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    const send = async () => codesFor(u.token, 'email', { email: other.email }, u.email);

    // A wrong code: refused before anything is written.
    const codes = await send();
    const wrong = codes.newCode === '000000' ? '111111' : '000000';
    let before = await lastId();
    expect((await change(u.token, { kind: 'email', email: other.email, ...codes, newCode: wrong })).body.code).toBe(
      10091,
    );
    // Taken by another account: told only after both codes proved right, and nothing sent.
    expect((await change(u.token, { kind: 'email', email: other.email, ...codes })).body.code).toBe(10007);
    expect(await mailTo(u.email, before)).toEqual([]);

    // Taken between the check and the write (the unique index refuses it): the transaction rolls
    // back with its notice.
    const free = `race-${u.email}`;
    const raced = await codesFor(u.token, 'email', { email: free }, u.email);
    before = await lastId();
    const users = t.services.users;
    const findByEmail = users.findByEmail;
    users.findByEmail = async () => undefined;
    try {
      await t.database.db.execute(sql`update users set email = ${free} where id = ${other.id}`);
      expect((await change(u.token, { kind: 'email', email: free, ...raced })).body.code).toBe(10007);
    } finally {
      users.findByEmail = findByEmail;
    }
    expect(await mailTo(u.email, before)).toEqual([]);
    const info = await t.call<{ email: string }>('POST', '/swx/customer/user/getUserInfo', { token: u.token });
    expect(info.body.result.email).toBe(u.email);
  });
});

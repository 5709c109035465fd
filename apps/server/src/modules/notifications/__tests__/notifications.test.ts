import type {
  ListNotificationsResult,
  Notification,
  ReadNotificationResult,
  UnreadCountResult,
} from '@openbourse/contracts/notifications.ts';
import type { UOrder } from '@openbourse/contracts/trading.ts';
import { and, eq, sql } from 'drizzle-orm';
import { connectSocket, messageUrl } from '../../../test/socket.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { eventOutbox } from '../../events/events.tables.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';
import type { NotificationInput } from '../notifications.service.ts';
import { notifications } from '../notifications.tables.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Notifications through the API: what produces them (fills and closes by trigger, security
 * events), in the language the list is read in; the unread count; marking read (one's own only);
 * paging; nothing from a cause that rolled back; and the push to the owner's signed-in sockets.
 */
describe.each(DRIVERS)('notifications on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());

  const list = async (token: string, lang = 'en', query: Record<string, string> = {}) => {
    const res = await t.call<ListNotificationsResult>('GET', '/swx/customer/user/listNotification', {
      token,
      headers: { lang },
      query,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.result;
  };
  const unread = async (token: string) => {
    const res = await t.call<UnreadCountResult>('GET', '/swx/customer/user/unreadNotificationCount', { token });
    expect(res.body.code).toBe(200);
    return res.body.result.unread;
  };
  const read = (token: string, body: unknown) =>
    t.call<ReadNotificationResult>('POST', '/swx/customer/user/readNotification', { token, body });
  const open = async (token: string, code: string, o: Record<string, unknown>, demo = true) => {
    const res = await t.post<UOrder>(
      'buyU',
      token,
      { instrumentId: (await t.inst(code)).id, side: 'buy', leverage: 10, ...o },
      demo,
    );
    expect(res.code, JSON.stringify(res)).toBe(200);
    return res.result;
  };
  /** Stores notifications as a producer would, each in its own transaction. */
  const notify = async (input: NotificationInput, times = 1) => {
    for (let i = 0; i < times; i++) {
      await t.database.db.transaction((tx) => t.services.notifications.notify(tx, input));
    }
  };
  const only = (l: ListNotificationsResult): Notification => {
    expect(l.list, JSON.stringify(l.list)).toHaveLength(1);
    return l.list[0]!;
  };

  describe('order producers', () => {
    it('a stop loss: one notification about the order, titled in the language it is read in', async () => {
      const u = await t.user();
      await t.tick('LTCUSDT', '94.99', '95.00');
      const pos = await open(u.token, 'LTCUSDT', { lots: '1.00', stopLoss: '94.00' });
      // Opening at market is the user's own doing: no notification.
      expect((await list(u.token)).list).toEqual([]);
      await t.tick('LTCUSDT', '93.99', '94.00');
      const en = only(await list(u.token));
      expect(en).toMatchObject({
        kind: 'stopLoss',
        title: 'Stop loss triggered',
        subject: { type: 'order', id: pos.id, code: 'LTCUSDT', mode: 'demo' },
        read: false,
      });
      expect(en.body).toContain(pos.orderNo);
      expect(en.body).toContain('93.99');
      expect(en.body).toMatch(/-\d+(\.\d+)? USDT/);
      expect(en.createdAt).toBe(t.clock.now().getTime());
      const ja = only(await list(u.token, 'ja'));
      expect(ja).toMatchObject({ id: en.id, kind: 'stopLoss', title: '損切りが発動しました' });
      expect(ja.body).not.toBe(en.body);
      expect(ja.body).toContain(pos.orderNo);
      // Right to left: the values are isolated so signs and numbers keep their order.
      const ar = only(await list(u.token, 'ar'));
      expect(ar.body).toContain(`\u2066${pos.orderNo}\u2069`);
      expect(await unread(u.token)).toBe(1);
    });

    it('a take profit and a stop-out, one each; a manual close none', async () => {
      const u = await t.user();
      await t.tick('BNBUSDT', '919.90', '920.00');
      const tp = await open(u.token, 'BNBUSDT', { lots: '0.10', takeProfit: '930.00' });
      const manual = await open(u.token, 'BNBUSDT', { lots: '0.10' });
      expect((await t.post('stopU', u.token, { id: manual.id }, true)).code).toBe(200);
      await t.tick('BNBUSDT', '930.00', '930.10');
      const out = await open(u.token, 'BNBUSDT', { lots: '1.00', leverage: 20 });
      expect(out.stopOutPrice).not.toBeNull();
      await t.tick('BNBUSDT', '600.00', '600.10');
      const l = await list(u.token);
      expect(l.list.map((n) => [n.kind, n.subject.id])).toEqual([
        ['stopOut', out.id],
        ['takeProfit', tp.id],
      ]);
      expect(l.list[1]!.title).toBe('Take profit reached');
      expect(l.list[1]!.body).toContain('930.00');
      expect(l.list[1]!.body).toMatch(/\+\d+(\.\d+)? USDT/);
      expect(l.list[0]!.title).toBe('Position stopped out');
      expect(l.list[0]!.body).toContain('600.00');
      expect(l).toMatchObject({ total: 2, unread: 2 });
      const ko = await list(u.token, 'ko');
      expect(ko.list.map((n) => n.title)).toEqual(['포지션 스톱아웃', '익절 도달']);
    });

    it('a waiting order filled, and one cancelled for want of margin; a cancel by the user none', async () => {
      const u = await t.user({ real: '80' });
      await t.tick('SOLUSDT', '137.90', '138.00');
      const limit = await open(
        u.token,
        'SOLUSDT',
        { lots: '0.10', leverage: 2, type: 'limit', price: '130.00' },
        false,
      );
      const byHand = await open(
        u.token,
        'SOLUSDT',
        { lots: '0.10', leverage: 2, type: 'limit', price: '120.00' },
        false,
      );
      expect((await t.post('chedan', u.token, { id: byHand.id })).code).toBe(200);
      await t.tick('SOLUSDT', '129.90', '130.00');
      // A buy stop whose cost fits now (72.144 of what is left) but not at the price it gaps to.
      const stop = await open(u.token, 'SOLUSDT', { lots: '1', leverage: 2, type: 'stop', price: '144.00' }, false);
      await t.tick('SOLUSDT', '169.90', '170.00');
      const l = await list(u.token);
      expect(l.list.map((n) => [n.kind, n.subject.id, n.subject.mode])).toEqual([
        ['orderCancelled', stop.id, 'real'],
        ['orderFilled', limit.id, 'real'],
      ]);
      expect(l.list[1]!).toMatchObject({ title: 'Order filled' });
      expect(l.list[1]!.body).toContain('130.00');
      expect(l.list[0]!.title).toBe('Order cancelled');
    });
  });

  describe('security producers', () => {
    it('new sign-in, password change and reset, withdrawal password set and changed', async () => {
      const u = await registerUser(t);
      // Registering is not a sign-in to be told about.
      expect((await list(u.token)).list).toEqual([]);
      const login = await t.call<{ token: string }>('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: u.password },
        headers: { 'user-agent': CHROME_WINDOWS },
      });
      expect(login.body.code).toBe(200);
      const signIn = only(await list(u.token));
      expect(signIn).toMatchObject({
        kind: 'newSignIn',
        title: 'New sign-in',
        subject: { type: 'account', id: null, code: null, mode: null },
      });
      expect(signIn.body).toBe(
        'Your account was signed in from Chrome · Windows at IP address 127.0.0.1. ' +
          'If this was not you, change your password now.',
      );
      expect((await list(u.token, 'de')).list[0]!.body).toContain('Chrome · Windows');
      await t.call('POST', '/swx/customer/login/login', { body: { username: u.username, password: u.password } });
      expect((await list(u.token)).list[0]!.body).toContain('an unknown device');
      expect((await list(u.token, 'fr')).list[0]!.body).toContain('un appareil inconnu');

      const changed = await t.call('POST', '/swx/customer/user/repassword', {
        token: u.token,
        body: { type: 'change', oldPassword: u.password, newPassword: 'Newpass123' },
      });
      expect(changed.body.code).toBe(200);
      // A wrong old password changes nothing and tells nothing.
      await t.call('POST', '/swx/customer/user/repassword', {
        token: u.token,
        body: { type: 'change', oldPassword: 'Wrong12345', newPassword: 'Other1234' },
      });

      await t.call('POST', '/swx/customer/login/sendCode', {
        body: { channel: 'email', purpose: 'reset', email: u.email },
      });
      const reset = await t.call('POST', '/swx/customer/user/repassword', {
        body: {
          type: 'reset',
          channel: 'email',
          email: u.email,
          code: await t.lastCode(u.email),
          newPassword: 'Reset1234',
        },
      });
      expect(reset.body.code).toBe(200);
      const again = await t.call<{ token: string }>('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: 'Reset1234' },
      });
      const token = again.body.result.token;

      for (const txPassword of ['246810', '135790']) {
        t.clock.advance(61_000);
        const sent = await t.call('POST', '/swx/customer/login/sendCode', {
          token,
          body: { channel: 'account', purpose: 'withdrawPassword' },
        });
        expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
        const set = await t.call('POST', '/swx/customer/user/repasswordTx', {
          token,
          body: { code: await t.lastCode(u.email), txPassword },
        });
        expect(set.body.code).toBe(200);
      }

      const l = await list(token);
      expect(l.list.map((n) => n.kind)).toEqual([
        'withdrawPasswordChanged',
        'withdrawPasswordSet',
        'newSignIn',
        'passwordReset',
        'passwordChanged',
        'newSignIn',
        'newSignIn',
      ]);
      expect(l.list.every((n) => n.subject.type === 'account')).toBe(true);
      expect(l.list.map((n) => n.title).slice(0, 5)).toEqual([
        'Withdrawal password changed',
        'Withdrawal password set',
        'New sign-in',
        'Password reset',
        'Password changed',
      ]);
      const zh = await list(token, 'zh');
      expect(zh.list.map((n) => n.title).slice(0, 2)).toEqual(['提现密码已修改', '已设置提现密码']);
      expect(l.unread).toBe(7);
    });
  });

  describe('reading', () => {
    it('counts unread, marks one’s own read (others’ ids do nothing), idempotently, or all', async () => {
      const a = await t.user();
      const b = await t.user();
      await notify({ userId: a.id, kind: 'passwordChanged', subject: { type: 'account' } }, 3);
      await notify({ userId: b.id, kind: 'passwordChanged', subject: { type: 'account' } }, 2);
      const mine = (await list(a.token)).list.map((n) => n.id);
      const theirs = (await list(b.token)).list.map((n) => n.id);
      expect([await unread(a.token), await unread(b.token)]).toEqual([3, 2]);

      const foreign = await read(a.token, { ids: theirs });
      expect(foreign.body).toMatchObject({ code: 200, result: { marked: 0, unread: 3 } });
      expect(await unread(b.token)).toBe(2);
      expect((await list(b.token)).list.every((n) => !n.read)).toBe(true);

      const one = await read(a.token, { ids: [mine[1]] });
      expect(one.body.result).toEqual({ marked: 1, unread: 2 });
      expect((await read(a.token, { ids: [mine[1]] })).body.result).toEqual({ marked: 0, unread: 2 });
      expect((await list(a.token)).list.map((n) => n.read)).toEqual([false, true, false]);

      const all = await read(a.token, { all: true });
      expect(all.body.result).toEqual({ marked: 2, unread: 0 });
      expect((await read(a.token, { all: true })).body.result).toEqual({ marked: 0, unread: 0 });
      expect((await list(a.token)).list.every((n) => n.read)).toBe(true);
      expect(await unread(b.token)).toBe(2);
    });

    it('refuses a bad body (40001) and answers 401 without a session', async () => {
      const u = await t.user();
      for (const body of [{}, { ids: [] }, { ids: [1], all: true }, { all: false }, { ids: ['x'] }, { ids: [-1] }]) {
        const res = await read(u.token, body);
        expect(res.body.code, JSON.stringify(body)).toBe(40001);
      }
      const many = await read(u.token, { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
      expect(many.body.code).toBe(40001);
      expect((await t.call('GET', '/swx/customer/user/listNotification')).status).toBe(401);
      expect((await t.call('GET', '/swx/customer/user/unreadNotificationCount')).body.code).toBe(401);
      expect((await t.call('POST', '/swx/customer/user/readNotification', { body: { all: true } })).status).toBe(401);
      const badPage = await t.call('GET', '/swx/customer/user/listNotification', {
        token: u.token,
        query: { size: '101' },
      });
      expect(badPage.body.code).toBe(40001);
    });

    it('pages newest first', async () => {
      const u = await t.user();
      for (let i = 0; i < 25; i++) {
        await notify({
          userId: u.id,
          kind: 'orderFilled',
          subject: { type: 'order', id: 1000 + i, code: 'BTCUSDT', mode: 'real' },
          params: { orderNo: `U${i}`, price: '1.00' },
        });
      }
      const pages = [];
      for (const page of ['1', '2', '3']) pages.push(await list(u.token, 'en', { page, size: '10' }));
      expect(pages.map((p) => p.list.length)).toEqual([10, 10, 5]);
      expect(pages.every((p) => p.total === 25 && p.size === 10 && p.unread === 25)).toBe(true);
      const ids = pages.flatMap((p) => p.list.map((n) => n.subject.id));
      expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => 1024 - i));
      expect(new Set(pages.flatMap((p) => p.list.map((n) => n.id))).size).toBe(25);
      expect(pages[0]!.list[0]!.body).toContain('U24');
      expect((await list(u.token, 'en', { page: '4', size: '10' })).list).toEqual([]);
    });
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swx/docs/json' });
    const paths = (res.json() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
    expect(paths['/swx/customer/user/listNotification']?.get?.tags).toEqual(['notifications']);
    expect(paths['/swx/customer/user/unreadNotificationCount']?.get).toBeDefined();
    expect(paths['/swx/customer/user/readNotification']?.post).toBeDefined();
  });

  it('leaves no notification, and no event, when its cause rolls back', async () => {
    const u = await t.user();
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.services.notifications.notify(tx, {
          userId: u.id,
          kind: 'passwordChanged',
          subject: { type: 'account' },
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect((await list(u.token)).list).toEqual([]);
    expect(await unread(u.token)).toBe(0);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(rows).toEqual([]);
    const events = await t.database.db
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.topic, 'notifications'), sql`(${eventOutbox.payload}->>'userId')::bigint = ${u.id}`));
    expect(events).toEqual([]);
  });

  it('draws another public id when one is taken, inside the same transaction', async () => {
    const u = await t.user();
    await notify({ userId: u.id, kind: 'passwordReset', subject: { type: 'account' } });
    const [first] = (await list(u.token)).list;
    const draws = [first!.id, first!.id, 2 ** 52 + 12345];
    const { createNotificationsService } = await import('../notifications.service.ts');
    const svc = createNotificationsService({
      db: t.database.db,
      clock: t.clock,
      events: t.services.events,
      publicIds: () => draws.shift()!,
    });
    await t.database.db.transaction((tx) =>
      svc.notify(tx, { userId: u.id, kind: 'passwordChanged', subject: { type: 'account' } }),
    );
    expect((await list(u.token)).list.map((n) => n.id)).toEqual([2 ** 52 + 12345, first!.id]);
  });

  it('pushes the unread count to the owner’s signed-in sockets only, on a stop loss and on reading', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = messageUrl(t.app.server);
    const connect = async (token: string) => {
      const socket = await connectSocket(url);
      expect(await socket.auth(token)).toBe(true);
      return socket;
    };
    const owner = await t.user();
    const other = await t.user();
    const mine = await connect(owner.token);
    const theirs = await connect(other.token);

    await t.tick('XRPUSDT', '0.5999', '0.6000');
    await open(owner.token, 'XRPUSDT', { lots: '100', stopLoss: '0.5500' });
    await t.tick('XRPUSDT', '0.5400', '0.5401');
    const pushed = await mine.next((f) => f.ch === 'notifications');
    const [stored] = (await list(owner.token)).list;
    expect(pushed).toEqual({ ch: 'notifications', id: stored!.id, unread: 1 });

    await read(owner.token, { ids: [stored!.id] });
    expect(await mine.next((f) => f.ch === 'notifications')).toEqual({ ch: 'notifications', id: null, unread: 0 });

    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.frames.filter((f) => f.ch === 'notifications')).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });
});

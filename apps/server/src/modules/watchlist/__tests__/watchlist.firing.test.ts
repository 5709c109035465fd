import type { ListNotificationsResult, Notification } from '@openbourse/contracts/notifications.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { connectSocket, messageUrl } from '../../../test/socket.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { watchlistRepository } from '../watchlist.repository.ts';
import { createWatchlistService } from '../watchlist.service.ts';
import { priceAlerts } from '../watchlist.tables.ts';
import { createWatchlistTestApp, type WatchlistTestApp } from './helpers.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Alerts fired by recorded ticks: once, at the first tick whose last price reaches the target,
 * recording that tick (pinned) and its price, with a notification in the reader's language in the
 * same transaction, pushed to the owner's sockets; never twice, even with two evaluators racing.
 */
describe.each(DRIVERS)('price alerts firing on %s', (driver) => {
  let t: WatchlistTestApp;
  let btcId: number;
  beforeAll(async () => {
    t = await createWatchlistTestApp(driver);
    btcId = (await t.inst('BTCUSDT')).id;
    await t.tick('BTCUSDT', '94990.00', '95010.00'); // last 95000.00
  });
  afterAll(async () => t?.close());

  const notes = async (token: string, lang = 'en'): Promise<Notification[]> => {
    const res = await t.call<ListNotificationsResult>('GET', '/swx/customer/user/listNotification', {
      token,
      headers: { lang },
    });
    expect(res.body.code).toBe(200);
    return res.body.result.list.filter((n) => n.kind === 'priceAlert');
  };
  /** A tick whose last price is `last` (BTCUSDT's spread is 20.00 around it). */
  const at = (last: string) => {
    const [i, f] = last.split('.');
    const n = Number(i);
    return t.tick('BTCUSDT', `${n - 10}.${f}`, `${n + 10}.${f}`, last);
  };

  it('fires once, at the first tick that reaches the target, naming that tick and its price', async () => {
    const u = await t.user();
    const alert = await t.alert(u.token, 'BTCUSDT', 'above', '95100');
    await at('95099.99');
    expect((await t.alerts(u.token)).active.map((a) => a.id)).toEqual([alert.id]);
    expect(await notes(u.token)).toEqual([]);

    t.clock.advance(5000);
    const crossing = await at('95100.00');
    const list = await t.alerts(u.token);
    expect(list.active).toEqual([]);
    expect(list.fired).toEqual([
      {
        ...alert,
        status: 'fired',
        firedAt: t.clock.now().getTime(),
        firedPrice: '95100.00',
        firedTickId: crossing.id,
      },
    ]);
    const [note, ...more] = await notes(u.token);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      kind: 'priceAlert',
      title: 'Price alert: Bitcoin',
      body: `Bitcoin rose to 95,100.00, reaching your alert at 95,100.00 or above. Price from recorded tick #${crossing.id}.`,
      subject: { type: 'instrument', id: btcId, code: 'BTCUSDT', mode: null },
      read: false,
    });
    // The tick that fired it is kept for good, so the user can look it up.
    await t.services.market.flush();
    const tick = await t.services.market.getTick(crossing.id);
    expect(tick).toMatchObject({ pinned: true, last: '95100.00' });
    expect(await watchlistRepository.quota(t.database.db, u.id)).toMatchObject({ activeAlerts: 0 });

    // Later ticks beyond the target fire nothing more.
    await at('95200.00');
    await at('95100.00');
    expect(await notes(u.token)).toHaveLength(1);

    // Read in Japanese and in Arabic (values isolated left to right), the instrument named in each.
    const [ja] = await notes(u.token, 'ja');
    expect(ja).toMatchObject({ id: note!.id, title: '価格アラート：ビットコイン' });
    expect(ja!.body).toContain('95,100.00');
    const [ar] = await notes(u.token, 'ar');
    expect(ar!.body).toContain('\u206695,100.00\u2069');
    expect(ar!.body).toContain('\u2068بيتكوين\u2069');
    expect(ar!.body).toContain(`\u2066${crossing.id}\u2069`);
    await at('95000.00');
  });

  it('a below alert fires at the price of the tick that reached it, past the target in a gap', async () => {
    const u = await t.user();
    await t.alert(u.token, 'BTCUSDT', 'below', '94500.50');
    await at('94600.00');
    const gap = await at('93000.00');
    const [fired] = (await t.alerts(u.token)).fired;
    expect(fired).toMatchObject({ condition: 'below', price: '94500.50', firedPrice: '93000.00', firedTickId: gap.id });
    const [note] = await notes(u.token);
    expect(note!.body).toBe(
      `Bitcoin fell to 93,000.00, reaching your alert at 94,500.50 or below. Price from recorded tick #${gap.id}.`,
    );
    await at('95000.00');
  });

  it('a removed alert never fires; others of the same tick each fire once', async () => {
    const u = await t.user();
    const v = await t.user();
    const gone = await t.alert(u.token, 'BTCUSDT', 'above', '95300');
    const a = await t.alert(u.token, 'BTCUSDT', 'above', '95200');
    const b = await t.alert(v.token, 'BTCUSDT', 'above', '95250');
    const later = await t.alert(v.token, 'BTCUSDT', 'above', '99000');
    expect((await t.post('removePriceAlert', u.token, { id: gone.id })).code).toBe(200);
    await t.settle();
    const tick = await at('95400.00');
    expect((await t.alerts(u.token)).fired.map((x) => [x.id, x.firedTickId])).toEqual([[a.id, tick.id]]);
    expect((await t.alerts(v.token)).fired.map((x) => [x.id, x.firedTickId])).toEqual([[b.id, tick.id]]);
    expect((await t.alerts(v.token)).active.map((x) => x.id)).toEqual([later.id]);
    expect(await notes(u.token)).toHaveLength(1);
    expect(await notes(v.token)).toHaveLength(1);
    await at('95000.00');
  });

  it('fires once with two evaluators racing on the same ticks', async () => {
    const { db } = t.database;
    const { clock, market, events } = t.services;
    const second = createWatchlistService({
      db,
      clock,
      market,
      events,
      notifications: t.services.notifications,
      log: quiet,
    });
    await second.start();
    try {
      const u = await t.user();
      const alerts = [];
      for (let i = 0; i < 5; i++) alerts.push(await t.alert(u.token, 'BTCUSDT', 'above', String(95100 + i * 10)));
      expect(second.runner.stats().staged).toBeGreaterThanOrEqual(5);
      const tick = await at('95500.00');
      await second.runner.drain();
      const fired = (await t.alerts(u.token)).fired;
      expect(fired).toHaveLength(5);
      expect(new Set(fired.map((f) => f.firedTickId))).toEqual(new Set([tick.id]));
      expect(await notes(u.token)).toHaveLength(5);
      const rows = await db.select().from(notifications).where(eq(notifications.userId, u.id));
      expect(rows.filter((r) => r.kind === 'priceAlert')).toHaveLength(5);
      expect(await watchlistRepository.quota(db, u.id)).toMatchObject({ activeAlerts: 0 });
    } finally {
      await second.stop();
    }
    await at('95000.00');
  });

  it('fire is a conditional update: of 20 concurrent calls for one alert and tick, one fires', async () => {
    const u = await t.user();
    const alert = await t.alert(u.token, 'BTCUSDT', 'above', '99999');
    const [row] = await t.database.db.select().from(priceAlerts).where(eq(priceAlerts.publicId, alert.id));
    const tick = await at('95010.00');
    const recorded = (await t.services.market.getTick(tick.id))!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.services.watchlist.fire({ id: row!.id }, recorded)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await notes(u.token)).toHaveLength(1);
    expect((await t.alerts(u.token)).fired).toMatchObject([{ id: alert.id, firedTickId: tick.id }]);
    expect(await watchlistRepository.quota(t.database.db, u.id)).toMatchObject({ activeAlerts: 0 });
    // The evaluator still held it: its own later attempt fires nothing.
    await at('99999.00');
    expect(await notes(u.token)).toHaveLength(1);
    await at('95000.00');
  });

  it('keeps waiting alerts across a restart of the evaluator', async () => {
    const u = await t.user();
    const alert = await t.alert(u.token, 'BTCUSDT', 'below', '94000');
    const { runner } = t.services.watchlist;
    await runner.stop();
    await runner.start();
    const tick = await at('93999.00');
    expect((await t.alerts(u.token)).fired).toMatchObject([{ id: alert.id, firedTickId: tick.id }]);
    await at('95000.00');
  });

  it('pushes the new unread count to the owner’s signed-in sockets only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = messageUrl(t.app.server);
    const owner = await t.user();
    const other = await t.user();
    const mine = await connectSocket(url);
    const theirs = await connectSocket(url);
    expect(await mine.auth(owner.token)).toBe(true);
    expect(await theirs.auth(other.token)).toBe(true);
    await t.alert(owner.token, 'BTCUSDT', 'above', '95050');
    await at('95060.00');
    const pushed = await mine.next((f) => f.ch === 'notifications');
    const [note] = await notes(owner.token);
    expect(pushed).toEqual({ ch: 'notifications', id: note!.id, unread: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.frames.filter((f) => f.ch === 'notifications')).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });
});

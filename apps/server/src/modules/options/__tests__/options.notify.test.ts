/**
 * The owner's inbox at settlement: an option settled with a payout is `optionWon`, one out of the
 * money `optionLost`, each stored in the settlement's transaction (none when it rolls back, one
 * however often the job runs), rendered in the reader's language with the settlement price.
 */
import type { Notification } from '@openbourse/contracts/notifications.ts';
import type { OptionOrder } from '@openbourse/contracts/options.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import type { Mode } from '../../ledger/ledger.types.ts';
import { createOptionSettlement } from '../options.settlement.ts';
import { createOptionsTestApp, type OptionsTestApp } from './helpers.ts';

describe.each(DRIVERS)('options settlement notifications on %s', (driver) => {
  let t: OptionsTestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createOptionsTestApp(driver);
    await t.history('BTCUSDT', '95000.00', 40);
    btc = await t.seriesId('BTCUSDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  async function buy(direction: 'call' | 'put', strike: string, mode: Mode = 'real') {
    const user = await t.user({ real: '1000' });
    if (mode === 'demo') await t.give(user.id, '1000', 'demo');
    const demo = mode === 'demo';
    const q = await t.quote(user.token, { seriesId: btc, period: 300, direction, amount: '100' }, demo);
    expect(q.code, JSON.stringify(q)).toBe(200);
    await t.at('BTCUSDT', strike);
    const res = await t.buy(user.token, q.result.quoteId, demo);
    expect(res.code, JSON.stringify(res)).toBe(200);
    return { order: res.result, user };
  }

  async function tickAt(order: OptionOrder, offsetMs: number, price: string) {
    t.clock.set(new Date(order.expiresAt + offsetMs));
    return t.at('BTCUSDT', price);
  }

  const inbox = async (token: string, lang = 'en') =>
    (
      await t.call<{ list: Notification[]; unread: number }>('GET', '/swx/customer/user/listNotification', {
        token,
        headers: { lang },
      })
    ).body.result;

  it('tells the owner of a paid option: the payout, the settlement price, the order and its account', async () => {
    const { order, user } = await buy('call', '95000.00');
    const tick = await tickAt(order, 1_000, '97000.00');
    expect((await t.settle()).settled).toBeGreaterThanOrEqual(1);
    const done = (await t.order(user.token, order.id)).result;
    expect(Number(done.payout)).toBeGreaterThan(0);

    const { list, unread } = await inbox(user.token);
    const notes = list.filter((n) => n.kind === 'optionWon' || n.kind === 'optionLost');
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(unread).toBeGreaterThanOrEqual(1);
    expect(note).toMatchObject({
      kind: 'optionWon',
      title: 'Option paid out',
      subject: { type: 'order', id: order.id, code: 'BTCUSDT', mode: 'real' },
      read: false,
    });
    // The payout by the money rule, the strike and the settlement tick's price as the order shows them.
    const payout = Number(done.payout).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
    expect(note!.body).toBe(
      `Your call option on Bitcoin (strike 95,000.00) settled at 97,000.00: ${payout} USDT has been paid to your available balance.`,
    );
    expect(done.settleTickId).toBe(tick.id);

    // In the reader's language, the direction a word of it.
    const ja = (await inbox(user.token, 'ja')).list.find((n) => n.kind === 'optionWon')!;
    expect(ja.title).toBe('オプションの支払いがありました');
    expect(ja.body).toContain('コールオプション');
    expect(ja.body).toContain('97,000.00');
  });

  it('tells the owner of an option out of the money, with the premium it cost, in either account', async () => {
    const { order, user } = await buy('put', '95000.00', 'demo');
    await tickAt(order, 1_000, '96000.00');
    await t.settle();
    expect((await t.order(user.token, order.id, true)).result.payout).toBe('0');
    const notes = (await inbox(user.token)).list.filter((n) => n.kind.startsWith('option'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'optionLost',
      title: 'Option expired worthless',
      subject: { type: 'order', id: order.id, code: 'BTCUSDT', mode: 'demo' },
    });
    expect(notes[0]!.body).toBe(
      'Your put option on Bitcoin (strike 95,000.00) settled at 96,000.00, out of the money: no payout on your premium of 100.00 USDT.',
    );
    // A right-to-left reader: the direction and the name isolated by their own first letter.
    const ar = (await inbox(user.token, 'ar')).list.find((n) => n.kind === 'optionLost')!;
    expect(ar.body).toContain('\u2068بيع (Put)\u2069');
    expect(ar.body).toContain('\u206696,000.00\u2069');
  });

  it('notifies once however often the job runs, and not at all when the settlement rolls back', async () => {
    const { order, user } = await buy('call', '95000.00');
    await tickAt(order, 500, '98000.00');
    await t.services.market.flush();
    // A settlement whose transaction fails after the notice was written: neither is kept.
    const failing = createOptionSettlement({
      db: t.database.db,
      clock: t.clock,
      ledger: t.services.ledger,
      market: t.services.market,
      scaleOf: t.services.options.series.scaleOf,
      notify: async (exec, input) => {
        await t.services.notifications.notify(exec, input);
        throw new Error('settlement failed after the notice');
      },
    });
    await expect(failing.settleDue()).rejects.toThrow('settlement failed after the notice');
    expect((await t.order(user.token, order.id)).result.status).toBe('open');
    expect((await inbox(user.token)).list.filter((n) => n.kind.startsWith('option'))).toEqual([]);

    await Promise.all([
      t.services.options.settlement.settleDue(),
      t.services.options.settlement.settleDue(),
      t.services.options.settlement.settleDue(),
    ]);
    await t.settle();
    expect((await t.order(user.token, order.id)).result.status).toBe('settled');
    const notes = (await inbox(user.token)).list.filter((n) => n.kind.startsWith('option'));
    expect(notes.map((n) => n.kind)).toEqual(['optionWon']);
  });
});

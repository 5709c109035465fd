/**
 * The payout job over 40 days with a manual clock: irregular steps (several days at once after
 * "downtime", several runs in one day, two instances at once), and a restart in the middle (a new
 * service over the same database). No day paid twice or skipped; income = dailyIncome × days; the
 * principal returned once, at maturity, with the last day's yield; the owner told once per plan.
 */
import type { Notification } from '@openbourse/contracts/notifications.ts';
import { DAY_MS, planDaysEnded } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createLedgerService } from '../../ledger/ledger.service.ts';
import { EARN_PAYOUTS_JOB } from '../earn.jobs.ts';
import { createEarn, type Earn } from '../earn.service.ts';
import { createEarnTestApp, type EarnTestApp, units } from './helpers.ts';

describe.each(DRIVERS)('smart plan payouts on %s', (driver) => {
  let t: EarnTestApp;
  beforeAll(async () => {
    t = await createEarnTestApp(driver);
  });
  afterAll(async () => t?.close());

  /** A second process's service: its own ledger service and caches, the same database and clock. */
  const restarted = (): Earn =>
    createEarn({
      db: t.database.db,
      clock: t.clock,
      ledger: createLedgerService({ db: t.database.db, clock: t.clock }),
      param: (key) => t.services.params.get(key),
      notify: t.services.notifications.notify,
      published: () => t.services.notifications.published(),
    });

  it('is defined as a job every minute', () => {
    expect(EARN_PAYOUTS_JOB).toBe('earn.payouts');
  });

  it('40 days: every day paid once, none skipped, across a restart; principal back once at maturity', async () => {
    const gold = (await t.products()).list.find((p) => p.name === 'Gold plan')!.id;
    const u = await t.investor('5000');
    const treasury0 = await t.treasury();
    const a = (await t.buy(u.token, { productId: gold, days: 30, amount: '1000' })).result;
    const b = (await t.buy(u.token, { productId: gold, days: 7, amount: '500' })).result;
    expect(a.dailyIncome).toBe('8.000000');
    expect(b.dailyIncome).toBe('3.000000');
    const ids = { a: await t.internalPlanId(a.id), b: await t.internalPlanId(b.id) };
    const plans = [
      { id: ids.a, startedAt: a.startedAt, days: 30, daily: units('8') },
      { id: ids.b, startedAt: b.startedAt, days: 7, daily: units('3') },
    ];

    let earn: Earn = t.services.earn;
    // Steps in hours: under a day, exactly a day, a long downtime, many small ones.
    const steps = [
      1, 23, 24, 0.5, 23.5, 72, 6, 6, 6, 6, 100, 24, 24, 1, 47, 0.25, 200, 24, 24, 24, 100, 96, 48, 48, 32,
    ];
    let elapsed = 0;
    let restartedAt = -1;
    for (const [i, h] of steps.entries()) {
      t.clock.advance(h * 3_600_000);
      elapsed += h;
      if (i === 10) {
        earn = restarted();
        restartedAt = elapsed;
      }
      // Two runs at once (two processes), then one more: nothing pays twice.
      await Promise.all([earn.payAll(), t.services.earn.payAll()]);
      await earn.payAll();
      for (const p of plans) {
        const ended = planDaysEnded(p.startedAt, p.days, t.clock.now().getTime());
        const days = await t.entries(p.id, 'day:%');
        expect(days.length, `plan ${p.id} at ${elapsed} h`).toBe(ended);
        expect(new Set(days.map((d) => d.key)).size).toBe(ended);
      }
    }
    expect(elapsed).toBeGreaterThanOrEqual(40 * 24);
    expect(restartedAt).toBeGreaterThan(0);

    for (const p of plans) {
      const days = await t.entries(p.id, 'day:%');
      expect(days.map((d) => Number(d.key.split(':').at(-1))).sort((x, y) => x - y)).toEqual(
        Array.from({ length: p.days }, (_, k) => k + 1),
      );
      expect(days.every((d) => units(d.amount, 18) === p.daily * 10n ** 12n && d.code === 'earn_yield')).toBe(true);
      const redeem = await t.entries(p.id, 'redeem');
      expect(redeem).toHaveLength(1);
      expect(redeem[0]?.code).toBe('earn_redeem');
    }
    await t.jump(0, [u]);
    const mine = await t.mine(u.token);
    const byId = new Map(mine.list.map((p) => [p.id, p]));
    expect(byId.get(a.id)).toMatchObject({
      status: 'shared',
      paidDays: 30,
      income: '240.000000',
      expectedToday: '0.000000',
      nextEarningAt: null,
      endedAt: a.startedAt + 30 * DAY_MS,
      exitReturn: '1000.000000',
    });
    expect(byId.get(b.id)).toMatchObject({
      status: 'shared',
      paidDays: 7,
      income: '21.000000',
      endedAt: b.startedAt + 7 * DAY_MS,
    });
    expect(await t.balance(u.id, 'real')).toEqual({ available: '5261.000000', locked: '0.000000' });
    // The treasury paid exactly the yields, and holds nothing reserved for these plans any more.
    const treasury1 = await t.treasury();
    expect(units(treasury1.available)).toBe(units(treasury0.available) - units('261'));
    expect(treasury1.reserved).toBe(treasury0.reserved);

    // Told once per plan, in the reader's language.
    const notes = await t.call<{ list: Notification[] }>('GET', '/swx/customer/user/listNotification', {
      token: u.token,
    });
    const shared = notes.body.result.list.filter((n) => n.kind === 'smartShared');
    expect(shared).toHaveLength(2);
    expect(shared.map((n) => n.subject).sort((x, y) => (x.id ?? 0) - (y.id ?? 0))).toEqual(
      [a.id, b.id].sort((x, y) => x - y).map((id) => ({ type: 'smart', id, code: null, mode: 'real' })),
    );
    expect(shared.find((n) => n.subject.id === a.id)?.body).toContain('240.00');

    // Later runs find nothing to do.
    t.clock.advance(3 * DAY_MS);
    expect(await t.services.earn.payAll()).toEqual({ plans: 0, shared: 0 });
    expect(await restarted().payAll()).toEqual({ plans: 0, shared: 0 });
    await t.expectBalanced();
  });
});

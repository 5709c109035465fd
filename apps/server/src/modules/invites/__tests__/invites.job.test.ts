/**
 * The reward job over 31 days with a manual clock: every ended UTC day settled once (two runs at once,
 * runs several times a day), a downtime caught up, nothing after the invitee's period; demo fees earn
 * nothing; the cap per invitee; the ledger balanced after.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { ledgerTransfers } from '../../ledger/ledger.tables.ts';
import { INVITE_REWARDS_JOB } from '../invites.jobs.ts';
import { DAY_MS, dayKey } from '../invites.rewards.ts';
import { inviteRewardDays, inviteRewards } from '../invites.tables.ts';
import { createInvitesTestApp, type InvitesTestApp } from './helpers.ts';

describe.each(DRIVERS)('invite rewards job on %s', (driver) => {
  let t: InvitesTestApp;
  beforeAll(async () => {
    t = await createInvitesTestApp(driver);
  });
  afterAll(async () => t?.close());

  const rewardsOf = (inviteeId: number) =>
    t.database.db
      .select({ key: ledgerTransfers.transferKey, amount: ledgerTransfers.amount, code: ledgerTransfers.code })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.transferKey, `invite:${inviteeId}:%`));

  it('is a job every hour', () => {
    expect(INVITE_REWARDS_JOB).toBe('invites.rewards');
  });

  it('31 days: each day of the period paid once, a downtime caught up, nothing after the period', async () => {
    await t.setRule({ share: '0.25', periodDays: 10 });
    const joinedAt = t.clock.now().getTime(); // Wednesday 15:00 UTC
    const day0 = Date.UTC(2026, 10, 18);
    const inviter = await t.member();
    const friend = await t.member(inviter.inviteCode);
    const bystander = await t.member(); // not invited: their fees earn nobody anything
    const before = await t.balance(inviter.id, 'real');
    expect(before.available).toMatch(/^0(\.0+)?$/);

    // Downtime: no run on days 4 to 7 (the run of day 8 settles days 3 to 7).
    const down = new Set([4, 5, 6, 7]);
    for (let i = 0; i < 31; i++) {
      // 15:00 on day i: the friend pays a fee in the real account and one in the demo account.
      t.clock.set(new Date(joinedAt + i * DAY_MS));
      await t.fee(friend.id, '1.234567');
      await t.fee(friend.id, '5', 'demo');
      await t.fee(bystander.id, '2');
      if (down.has(i)) continue;
      // Runs at 15:00 (two processes at once) and again at 23:00: nothing pays twice.
      await Promise.all([t.services.invites.settle(), t.services.invites.settle()]);
      t.clock.set(new Date(joinedAt + i * DAY_MS + 8 * 3_600_000));
      await t.services.invites.settle();
      const rows = await rewardsOf(friend.id);
      // Days 0..i-1 have ended; those within the period (days 0..9, the fee at 15:00 on day 10 is past it) paid.
      const ended = Math.min(i, 10);
      expect(rows.length, `day ${i}`).toBe(ended);
      expect(new Set(rows.map((r) => r.key)).size).toBe(ended);
      const settled = await t.database.db.select().from(inviteRewardDays);
      expect(settled.length, `settled days at day ${i}`).toBe(i);
    }
    const rows = await rewardsOf(friend.id);
    expect(rows.map((r) => r.key).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `invite:${friend.id}:${dayKey(day0 + k * DAY_MS)}`).sort(),
    );
    for (const r of rows) {
      expect(r.code).toBe('invite_reward');
      // 25 % of 1.234567 = 0.30864175, rounded down to the minor unit.
      expect(Number(r.amount)).toBe(0.308641);
    }
    const after = await t.balance(inviter.id, 'real');
    expect(after.available).toBe('3.086410');

    await t.login(inviter);
    const summary = await t.summary(inviter.token);
    expect(summary.earned).toEqual([{ currency: 'USDT', amount: '3.086410' }]);
    expect(summary.invitees).toBe(1);
    expect(summary.traded).toBe(1);
    expect(summary.rule).toMatchObject({ enabled: true, share: '0.25', periodDays: 10, capPerInvitee: null });
    const list = await t.invitees(inviter.token);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ traded: true, reward: '3.086410', currency: 'USDT' });
    expect(list.list[0]!.username).toContain('***');
    expect(list.list[0]!.username).not.toBe(friend.username);

    // The record shows the rewards as their own type.
    const rec = await t.call<{ list: { type: string; amount: string }[] }>(
      'GET',
      '/swx/customer/user/listTransactions',
      {
        token: inviter.token,
        headers: { virtually: 'NO' },
        query: { type: 'invite_reward' },
      },
    );
    expect(rec.body.code, JSON.stringify(rec.body)).toBe(200);
    expect(rec.body.result.list.length).toBe(10);
    // One notice a day paid, with the day's total, in the user's language.
    const notes = await t.call<{ list: { kind: string; title: string; body: string }[] }>(
      'GET',
      '/swx/customer/user/listNotification',
      { token: inviter.token, query: { size: '50' } },
    );
    expect(notes.body.code, JSON.stringify(notes.body)).toBe(200);
    const rewards = notes.body.result.list.filter((n) => n.kind === 'inviteReward');
    expect(rewards).toHaveLength(10);
    expect(rewards[0]!.title).toBe('Invite reward paid');
    expect(rewards[0]!.body).toContain('0.308641 USDT');
    await t.expectBalanced();
  });

  it('the cap per invitee, and a rule switched off pays nothing', async () => {
    await t.setRule({ share: '0.5', periodDays: 30, capPerInvitee: '1.2' });
    const inviter = await t.member();
    const friend = await t.member(inviter.inviteCode);
    for (let i = 0; i < 4; i++) {
      await t.fee(friend.id, '1');
      t.clock.advance(DAY_MS);
      await t.services.invites.settle();
    }
    // 0.5 a day, capped at 1.2 in all: 0.5, 0.5, 0.2, then nothing.
    const paid = await t.database.db
      .select({ amount: inviteRewards.amount })
      .from(inviteRewards)
      .where(and(eq(inviteRewards.inviteeId, friend.id)));
    expect(paid.map((p) => Number(p.amount)).sort()).toEqual([0.2, 0.5, 0.5]);
    expect((await t.balance(inviter.id, 'real')).available).toBe('1.200000');

    await t.setRule({ enabled: false, share: '0.5', periodDays: 30 });
    const second = await t.member(inviter.inviteCode);
    await t.fee(second.id, '10');
    t.clock.advance(DAY_MS);
    await t.services.invites.settle();
    expect(await rewardsOf(second.id)).toEqual([]);
    await t.login(inviter);
    const list = await t.invitees(inviter.token);
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({ traded: true, reward: '0.000000' });
    await t.expectBalanced();
  });
});

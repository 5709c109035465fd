/** The invites module's tables: the rule, the settled days, the rewards paid. */
import { and, count, desc, eq, inArray, max, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inviteRewardDays, inviteRewards, inviteRule, type InviteRuleRow } from './invites.tables.ts';

export type { InviteRuleRow };

export const invitesRepository = {
  async rule(exec: Executor): Promise<InviteRuleRow | undefined> {
    const [r] = await exec.select().from(inviteRule).where(eq(inviteRule.id, 1));
    return r;
  },

  async lockRule(exec: Executor): Promise<InviteRuleRow | undefined> {
    const [r] = await exec.select().from(inviteRule).where(eq(inviteRule.id, 1)).for('update');
    return r;
  },

  async saveRule(exec: Executor, v: Omit<InviteRuleRow, 'id'>): Promise<InviteRuleRow> {
    const [r] = await exec
      .insert(inviteRule)
      .values({ id: 1, ...v })
      .onConflictDoUpdate({ target: inviteRule.id, set: v })
      .returning();
    return r!;
  },

  /** The last day settled (null: none yet). */
  async lastSettled(exec: Executor): Promise<string | null> {
    const [r] = await exec.select({ day: max(inviteRewardDays.day) }).from(inviteRewardDays);
    return r?.day ?? null;
  },

  /** Claims a day for settling: false when another run has it already. */
  async claimDay(exec: Executor, day: string, at: Date): Promise<boolean> {
    const rows = await exec
      .insert(inviteRewardDays)
      .values({ day, settledAt: at })
      .onConflictDoNothing()
      .returning({ day: inviteRewardDays.day });
    return rows.length > 0;
  },

  async insertReward(exec: Executor, v: typeof inviteRewards.$inferInsert): Promise<boolean> {
    const rows = await exec.insert(inviteRewards).values(v).onConflictDoNothing().returning({ id: inviteRewards.id });
    return rows.length > 0;
  },

  /** What each invitee has earned their inviter so far, in a currency. */
  async paidPerInvitee(exec: Executor, inviteeIds: readonly number[], currency: string): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (inviteeIds.length === 0) return out;
    const rows = await exec
      .select({ id: inviteRewards.inviteeId, total: sql<string>`sum(${inviteRewards.amount})::text` })
      .from(inviteRewards)
      .where(and(inArray(inviteRewards.inviteeId, [...inviteeIds]), eq(inviteRewards.currency, currency)))
      .groupBy(inviteRewards.inviteeId);
    for (const r of rows) out.set(Number(r.id), r.total);
    return out;
  },

  /** What an inviter has earned in all, per currency. */
  async earnedBy(exec: Executor, inviterId: number): Promise<{ currency: string; total: string }[]> {
    return exec
      .select({ currency: inviteRewards.currency, total: sql<string>`sum(${inviteRewards.amount})::text` })
      .from(inviteRewards)
      .where(eq(inviteRewards.inviterId, inviterId))
      .groupBy(inviteRewards.currency)
      .orderBy(inviteRewards.currency);
  },

  /** The inviters paid the most in a currency (at most `limit`), with how many invitees earned it. */
  async topInviters(exec: Executor, currency: string, limit: number) {
    const total = sum(inviteRewards.amount);
    return exec
      .select({
        inviterId: inviteRewards.inviterId,
        invitees: sql<number>`count(distinct ${inviteRewards.inviteeId})::int`,
        total: sql<string>`${total}::text`,
      })
      .from(inviteRewards)
      .where(eq(inviteRewards.currency, currency))
      .groupBy(inviteRewards.inviterId)
      .orderBy(desc(total))
      .limit(limit);
  },

  async totalPaid(exec: Executor, currency: string): Promise<string> {
    const [r] = await exec
      .select({ total: sql<string>`coalesce(sum(${inviteRewards.amount}), 0)::text` })
      .from(inviteRewards)
      .where(eq(inviteRewards.currency, currency));
    return r?.total ?? '0';
  },

  async rewardCount(exec: Executor): Promise<number> {
    const [r] = await exec.select({ n: count() }).from(inviteRewards);
    return Number(r?.n ?? 0);
  },
};

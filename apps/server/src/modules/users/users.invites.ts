/**
 * Who invited whom, as the invites module reads it (the users table keeps `invited_by`, set once at
 * sign-up). The model forbids a self-invite and a cycle: `invited_by` must be an older account
 * (a smaller id; the check constraint users_invited_by_older), so a chain of inviters only goes back.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, min } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from './users.tables.ts';

export interface InviteeRow {
  id: number;
  username: string;
  invitedBy: number;
  createdAt: Date;
}

const cols = { id: users.id, username: users.username, invitedBy: users.invitedBy, createdAt: users.createdAt };
const asInvitee = (r: { id: number; username: string; invitedBy: number | null; createdAt: Date }): InviteeRow => ({
  ...r,
  invitedBy: Number(r.invitedBy),
});

export function createUserInvites() {
  return {
    /** One page of the users `inviterId` invited, newest first. */
    async page(exec: Executor, inviterId: number, page: number, size: number) {
      const rows = await exec
        .select(cols)
        .from(users)
        .where(eq(users.invitedBy, inviterId))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(size)
        .offset((page - 1) * size);
      const [c] = await exec.select({ n: count() }).from(users).where(eq(users.invitedBy, inviterId));
      return { rows: rows.map(asInvitee), total: Number(c?.n ?? 0) };
    },

    /** Every invited user who joined in [from, to), oldest first. */
    async joinedBetween(exec: Executor, from: Date, to: Date): Promise<InviteeRow[]> {
      const rows = await exec
        .select(cols)
        .from(users)
        .where(and(isNotNull(users.invitedBy), gte(users.createdAt, from), lt(users.createdAt, to)))
        .orderBy(asc(users.id));
      return rows.map(asInvitee);
    },

    /** When the first invited user joined (null: nobody was invited yet). */
    async firstJoined(exec: Executor): Promise<Date | null> {
      const [r] = await exec
        .select({ at: min(users.createdAt) })
        .from(users)
        .where(isNotNull(users.invitedBy));
      return r?.at ? new Date(r.at) : null;
    },

    /** The user's inviter, or null. */
    async inviterOf(exec: Executor, userId: number): Promise<number | null> {
      const [r] = await exec.select({ by: users.invitedBy }).from(users).where(eq(users.id, userId));
      return r?.by == null ? null : Number(r.by);
    },

    /** Sets who invited a user (only where none is set): the database refuses a self-invite or a cycle. */
    async setInviter(exec: Executor, userId: number, inviterId: number): Promise<boolean> {
      const rows = await exec
        .update(users)
        .set({ invitedBy: inviterId })
        .where(and(eq(users.id, userId), isNull(users.invitedBy)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type UserInvites = ReturnType<typeof createUserInvites>;

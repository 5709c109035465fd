/** Drizzle only: the attempts, the identities and the link tickets. Every method takes the executor. */
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { oauthLinkTickets, oauthStates, userIdentities } from './oauth.tables.ts';

export type AttemptRow = typeof oauthStates.$inferSelect;
export type IdentityRow = typeof userIdentities.$inferSelect;
export type TicketRow = typeof oauthLinkTickets.$inferSelect;

export const MAX_LINK_TRIES = 5;

export const oauthRepository = {
  async insertAttempt(exec: Executor, row: typeof oauthStates.$inferInsert) {
    await exec.insert(oauthStates).values(row);
  },

  /** Marks the attempt used in one conditional update: of racing callbacks with one state, one gets the row. */
  async consumeAttempt(exec: Executor, stateHash: string, now: Date): Promise<AttemptRow | null> {
    const [row] = await exec
      .update(oauthStates)
      .set({ consumedAt: now })
      .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.consumedAt)))
      .returning();
    return row ?? null;
  },

  async identity(exec: Executor, issuer: string, subject: string): Promise<IdentityRow | null> {
    const [row] = await exec
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
    return row ?? null;
  },

  /** Records an identity; null when one with this issuer and subject exists already (a race, a replay). */
  async insertIdentity(exec: Executor, row: typeof userIdentities.$inferInsert): Promise<IdentityRow | null> {
    const [inserted] = await exec.insert(userIdentities).values(row).onConflictDoNothing().returning();
    return inserted ?? null;
  },

  async touchIdentity(exec: Executor, id: number, now: Date) {
    await exec.update(userIdentities).set({ lastUsedAt: now }).where(eq(userIdentities.id, id));
  },

  async identitiesOf(exec: Executor, userId: number): Promise<IdentityRow[]> {
    return exec
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
  },

  async countOf(exec: Executor, userId: number): Promise<number> {
    const [row] = await exec
      .select({ n: sql<number>`count(*)::int` })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId));
    return Number(row?.n ?? 0);
  },

  async deleteIdentity(exec: Executor, userId: number, id: number): Promise<boolean> {
    const gone = await exec
      .delete(userIdentities)
      .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
      .returning({ id: userIdentities.id });
    return gone.length === 1;
  },

  async insertTicket(exec: Executor, row: typeof oauthLinkTickets.$inferInsert) {
    await exec.insert(oauthLinkTickets).values(row);
  },

  async liveTicket(exec: Executor, ticketHash: string, now: Date): Promise<TicketRow | null> {
    const [row] = await exec
      .select()
      .from(oauthLinkTickets)
      .where(
        and(
          eq(oauthLinkTickets.ticketHash, ticketHash),
          isNull(oauthLinkTickets.consumedAt),
          gt(oauthLinkTickets.expiresAt, now),
          lt(oauthLinkTickets.attempts, MAX_LINK_TRIES),
        ),
      );
    return row ?? null;
  },

  /** Counts a try before the proof is compared, in the statement that checks the count. */
  async countTicketTry(exec: Executor, ticketHash: string, now: Date): Promise<TicketRow | null> {
    const [row] = await exec
      .update(oauthLinkTickets)
      .set({ attempts: sql`${oauthLinkTickets.attempts} + 1` })
      .where(
        and(
          eq(oauthLinkTickets.ticketHash, ticketHash),
          isNull(oauthLinkTickets.consumedAt),
          gt(oauthLinkTickets.expiresAt, now),
          lt(oauthLinkTickets.attempts, MAX_LINK_TRIES),
        ),
      )
      .returning();
    return row ?? null;
  },

  /** Single use: true for the one caller that marks it. */
  async consumeTicket(exec: Executor, ticketHash: string, now: Date): Promise<boolean> {
    const done = await exec
      .update(oauthLinkTickets)
      .set({ consumedAt: now })
      .where(and(eq(oauthLinkTickets.ticketHash, ticketHash), isNull(oauthLinkTickets.consumedAt)))
      .returning({ h: oauthLinkTickets.ticketHash });
    return done.length === 1;
  },

  /** Housekeeping: attempts and tickets a day past their expiry. */
  async sweep(exec: Executor, before: Date): Promise<number> {
    const a = await exec
      .delete(oauthStates)
      .where(lt(oauthStates.expiresAt, before))
      .returning({ h: oauthStates.stateHash });
    const t = await exec
      .delete(oauthLinkTickets)
      .where(lt(oauthLinkTickets.expiresAt, before))
      .returning({ h: oauthLinkTickets.ticketHash });
    return a.length + t.length;
  },
};

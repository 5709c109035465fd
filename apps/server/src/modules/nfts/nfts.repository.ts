import { and, asc, count, desc, eq, inArray, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nftBids, nftCharities, nftCollections, nftItems } from './nfts.tables.ts';

export type CharityRow = typeof nftCharities.$inferSelect;
export type NewCharityRow = typeof nftCharities.$inferInsert;
export type CollectionRow = typeof nftCollections.$inferSelect;
export type NewCollectionRow = typeof nftCollections.$inferInsert;
export type ItemRow = typeof nftItems.$inferSelect;
export type NewItemRow = typeof nftItems.$inferInsert;
export type BidRow = typeof nftBids.$inferSelect;
/** What was recorded; the public phase (upcoming, live, ended) comes from the clock. */
export type ItemStatus = 'live' | 'sold' | 'unsold' | 'withdrawn';
export type Phase = 'upcoming' | 'live' | 'ended' | ItemStatus;
export type PublicFilter = 'all' | 'live' | 'ending' | 'upcoming' | 'sold';
export type MineFilter = 'all' | 'owned' | 'won' | 'bought' | 'bidding' | 'outbid' | 'lost';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const DAY_MS = 86_400_000;

/** Items in a phase at `now` (the recorded status with the clock). */
function phaseIs(phase: Phase, now: Date): SQL {
  const live = eq(nftItems.status, 'live');
  switch (phase) {
    case 'upcoming':
      return and(live, sql`${nftItems.startAt} > ${at(now)}`)!;
    case 'live':
      return and(live, sql`${nftItems.startAt} <= ${at(now)}`, sql`${nftItems.endAt} > ${at(now)}`)!;
    case 'ended':
      return and(live, sql`${nftItems.endAt} <= ${at(now)}`)!;
    default:
      return eq(nftItems.status, phase);
  }
}

/** The money figures per key (ledger numeric text). */
export interface DonatedRow {
  key: number;
  currency: string;
  amount: string;
}

/** The nfts module's SQL, Drizzle only; every function takes the executor. */
export const nftsRepository = {
  // ─── charities ─────────────────────────────────────────────────────────────────────────────

  async charities(exec: Executor): Promise<CharityRow[]> {
    return exec.select().from(nftCharities).orderBy(asc(nftCharities.id));
  },
  async charity(exec: Executor, id: number, lock = false): Promise<CharityRow | undefined> {
    const q = exec.select().from(nftCharities).where(eq(nftCharities.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async charityByName(exec: Executor, name: string): Promise<CharityRow | undefined> {
    const [row] = await exec.select().from(nftCharities).where(eq(nftCharities.name, name)).limit(1);
    return row;
  },
  async insertCharity(exec: Executor, row: NewCharityRow): Promise<CharityRow> {
    const [created] = await exec.insert(nftCharities).values(row).returning();
    if (!created) throw new Error('nfts: charity not inserted');
    return created;
  },
  async updateCharity(exec: Executor, id: number, set: Partial<NewCharityRow>): Promise<CharityRow> {
    const [row] = await exec.update(nftCharities).set(set).where(eq(nftCharities.id, id)).returning();
    if (!row) throw new Error(`nfts: charity ${id} not updated`);
    return row;
  },

  // ─── collections ───────────────────────────────────────────────────────────────────────────

  async collections(exec: Executor): Promise<CollectionRow[]> {
    return exec.select().from(nftCollections).orderBy(asc(nftCollections.id));
  },
  async collection(exec: Executor, id: number, lock = false): Promise<CollectionRow | undefined> {
    const q = exec.select().from(nftCollections).where(eq(nftCollections.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async insertCollection(exec: Executor, row: NewCollectionRow): Promise<CollectionRow> {
    const [created] = await exec.insert(nftCollections).values(row).returning();
    if (!created) throw new Error('nfts: collection not inserted');
    return created;
  },
  async updateCollection(exec: Executor, id: number, set: Partial<NewCollectionRow>): Promise<CollectionRow> {
    const [row] = await exec.update(nftCollections).set(set).where(eq(nftCollections.id, id)).returning();
    if (!row) throw new Error(`nfts: collection ${id} not updated`);
    return row;
  },

  // ─── items ─────────────────────────────────────────────────────────────────────────────────

  /** Inserts unless the random public id was drawn before (then undefined). */
  async insertItem(exec: Executor, row: NewItemRow): Promise<ItemRow | undefined> {
    const [created] = await exec.insert(nftItems).values(row).onConflictDoNothing().returning();
    return created;
  },
  async updateItem(exec: Executor, id: number, set: Partial<NewItemRow>): Promise<ItemRow> {
    const [row] = await exec.update(nftItems).set(set).where(eq(nftItems.id, id)).returning();
    if (!row) throw new Error(`nfts: item ${id} not updated`);
    return row;
  },
  async itemByPublicId(exec: Executor, publicId: number, lock = false): Promise<ItemRow | undefined> {
    const q = exec.select().from(nftItems).where(eq(nftItems.publicId, publicId));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async itemById(exec: Executor, id: number, lock = false): Promise<ItemRow | undefined> {
    const q = exec.select().from(nftItems).where(eq(nftItems.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async itemCount(exec: Executor): Promise<number> {
    const [n] = await exec.select({ n: count() }).from(nftItems);
    return Number(n?.n ?? 0);
  },

  /** A page of what the public sees: items of enabled collections, not withdrawn. */
  async publicItems(
    exec: Executor,
    q: { filter: PublicFilter; collectionId?: number | undefined; now: Date; page: number; size: number },
  ): Promise<{ rows: ItemRow[]; total: number }> {
    const { now } = q;
    const shown = and(
      ne(nftItems.status, 'withdrawn'),
      sql`${nftItems.collectionId} in (select ${nftCollections.id} from ${nftCollections} where ${nftCollections.enabled})`,
      q.collectionId === undefined ? undefined : eq(nftItems.collectionId, q.collectionId),
    );
    let where: SQL | undefined;
    let order: SQL[];
    switch (q.filter) {
      case 'live':
        where = phaseIs('live', now);
        order = [asc(nftItems.endAt), asc(nftItems.id)];
        break;
      case 'ending':
        where = and(phaseIs('live', now), sql`${nftItems.endAt} <= ${at(new Date(now.getTime() + DAY_MS))}`);
        order = [asc(nftItems.endAt), asc(nftItems.id)];
        break;
      case 'upcoming':
        where = phaseIs('upcoming', now);
        order = [asc(nftItems.startAt), asc(nftItems.id)];
        break;
      case 'sold':
        where = phaseIs('sold', now);
        order = [desc(nftItems.soldAt), desc(nftItems.id)];
        break;
      default:
        where = undefined;
        // Taking bids first (soonest end first), then upcoming, then the rest newest first.
        order = [
          sql`case when ${phaseIs('live', now)} then 0 when ${phaseIs('upcoming', now)} then 1 else 2 end`,
          sql`case when ${nftItems.status} = 'live' then ${nftItems.endAt} end asc`,
          desc(nftItems.id),
        ];
    }
    const all = and(shown, where);
    const rows = await exec
      .select()
      .from(nftItems)
      .where(all)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(nftItems).where(all);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /** The back office's page: every item, by collection and phase, newest first. */
  async adminItems(
    exec: Executor,
    q: { collectionId?: number | undefined; status?: Phase | undefined; now: Date; page: number; size: number },
  ): Promise<{ rows: ItemRow[]; total: number }> {
    const where = and(
      q.collectionId === undefined ? undefined : eq(nftItems.collectionId, q.collectionId),
      q.status === undefined ? undefined : phaseIs(q.status, q.now),
    );
    const rows = await exec
      .select()
      .from(nftItems)
      .where(where)
      .orderBy(desc(nftItems.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(nftItems).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /** Ids of the items still live whose end has passed (index nft_items_due), soonest end first. */
  async dueIds(exec: Executor, now: Date): Promise<number[]> {
    const rows = await exec
      .select({ id: nftItems.id })
      .from(nftItems)
      .where(and(eq(nftItems.status, 'live'), sql`${nftItems.endAt} <= ${at(now)}`))
      .orderBy(asc(nftItems.endAt), asc(nftItems.id));
    return rows.map((r) => r.id);
  },

  /** A page of the items a user bid on or owns, in one of the "my NFTs" states, newest activity first. */
  async mine(
    exec: Executor,
    q: { userId: number; state: MineFilter; now: Date; page: number; size: number },
  ): Promise<{ rows: ItemRow[]; total: number }> {
    const me = q.userId;
    const bidOn = sql`${nftItems.id} in (select ${nftBids.itemId} from ${nftBids} where ${nftBids.userId} = ${me})`;
    const owner = eq(nftItems.ownerUserId, me);
    const notMine = or(sql`${nftItems.ownerUserId} is null`, ne(nftItems.ownerUserId, me));
    const leads = eq(nftItems.leaderUserId, me);
    const live = and(eq(nftItems.status, 'live'), sql`${nftItems.endAt} > ${at(q.now)}`);
    const ended = and(eq(nftItems.status, 'live'), sql`${nftItems.endAt} <= ${at(q.now)}`);
    const states: Record<MineFilter, SQL | undefined> = {
      all: or(owner, bidOn),
      owned: owner,
      won: and(owner, eq(nftItems.soldBy, 'auction')),
      bought: and(owner, eq(nftItems.soldBy, 'buy_now')),
      // Leading an auction not yet settled (after its end too, until the job settles it).
      bidding: and(eq(nftItems.status, 'live'), leads),
      outbid: and(bidOn, live, ne(nftItems.leaderUserId, me)),
      lost: and(
        bidOn,
        or(and(inArray(nftItems.status, ['sold', 'unsold']), notMine), and(ended, ne(nftItems.leaderUserId, me))),
      ),
    };
    const where = states[q.state];
    const rows = await exec
      .select()
      .from(nftItems)
      .where(where)
      .orderBy(desc(nftItems.updatedAt), desc(nftItems.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(nftItems).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  // ─── bids ──────────────────────────────────────────────────────────────────────────────────

  async insertBid(exec: Executor, row: typeof nftBids.$inferInsert): Promise<BidRow> {
    const [created] = await exec.insert(nftBids).values(row).returning();
    if (!created) throw new Error('nfts: bid not inserted');
    return created;
  },
  async setBidExtended(exec: Executor, id: number, extendedTo: Date): Promise<void> {
    await exec.update(nftBids).set({ extendedTo }).where(eq(nftBids.id, id));
  },
  async bid(exec: Executor, id: number): Promise<BidRow | undefined> {
    const [row] = await exec.select().from(nftBids).where(eq(nftBids.id, id));
    return row;
  },
  /** An item's bids, newest first. */
  async history(exec: Executor, itemId: number, limit = 100): Promise<BidRow[]> {
    return exec.select().from(nftBids).where(eq(nftBids.itemId, itemId)).orderBy(desc(nftBids.id)).limit(limit);
  },
  /** Every bid on an item (settlement releases each one's hold; all but the leader's are released already). */
  async bidsOf(exec: Executor, itemId: number): Promise<BidRow[]> {
    return exec.select().from(nftBids).where(eq(nftBids.itemId, itemId)).orderBy(asc(nftBids.id));
  },
  /** A user's highest bid per item. */
  async myHighest(exec: Executor, userId: number, itemIds: number[]): Promise<Map<number, string>> {
    if (itemIds.length === 0) return new Map();
    const rows = await exec
      .select({ itemId: nftBids.itemId, amount: max(nftBids.amount) })
      .from(nftBids)
      .where(and(eq(nftBids.userId, userId), inArray(nftBids.itemId, itemIds)))
      .groupBy(nftBids.itemId);
    return new Map(rows.map((r) => [r.itemId, r.amount ?? '0']));
  },

  // ─── figures ───────────────────────────────────────────────────────────────────────────────

  /** Sold items' prices summed per charity and currency. */
  async donatedByCharity(exec: Executor): Promise<DonatedRow[]> {
    return exec
      .select({
        key: nftItems.charityId,
        currency: nftItems.currency,
        amount: sql<string>`coalesce(sum(${nftItems.soldPrice}), 0)::text`,
      })
      .from(nftItems)
      .where(eq(nftItems.status, 'sold'))
      .groupBy(nftItems.charityId, nftItems.currency);
  },
  /** Sold items' prices summed per collection and currency. */
  async donatedByCollection(exec: Executor): Promise<DonatedRow[]> {
    return exec
      .select({
        key: nftItems.collectionId,
        currency: nftItems.currency,
        amount: sql<string>`coalesce(sum(${nftItems.soldPrice}), 0)::text`,
      })
      .from(nftItems)
      .where(eq(nftItems.status, 'sold'))
      .groupBy(nftItems.collectionId, nftItems.currency);
  },
  /** Listed (not withdrawn) items per collection and per charity. */
  async itemCounts(exec: Executor): Promise<{ collections: Map<number, number>; charities: Map<number, number> }> {
    const rows = await exec
      .select({ collectionId: nftItems.collectionId, charityId: nftItems.charityId, n: count() })
      .from(nftItems)
      .where(ne(nftItems.status, 'withdrawn'))
      .groupBy(nftItems.collectionId, nftItems.charityId);
    const collections = new Map<number, number>();
    const charities = new Map<number, number>();
    for (const r of rows) {
      collections.set(r.collectionId, (collections.get(r.collectionId) ?? 0) + Number(r.n));
      charities.set(r.charityId, (charities.get(r.charityId) ?? 0) + Number(r.n));
    }
    return { collections, charities };
  },
  /** Per collection: the image of its first listed item (the cover). */
  async covers(exec: Executor): Promise<Map<number, string>> {
    const rows = await exec
      .selectDistinctOn([nftItems.collectionId], { collectionId: nftItems.collectionId, image: nftItems.imageFileId })
      .from(nftItems)
      .where(ne(nftItems.status, 'withdrawn'))
      .orderBy(nftItems.collectionId, asc(nftItems.id));
    return new Map(rows.map((r) => [r.collectionId, r.image]));
  },
};

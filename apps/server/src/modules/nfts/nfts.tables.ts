import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The charities that receive the proceeds of sales (the back office lists them, audited). What each
 * received is the sum of its items' sale prices, kept in the same transaction as the ledger's
 * donation to the platform's `charity` account.
 */
export const nftCharities = pgTable('nft_charities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** What the charity does, per language code; en always present. */
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
  website: text('website'),
  /** The currency its total is shown in. */
  currency: text('currency').notNull().default('USDT'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Collections of items (a creator's series), titles and stories per language. */
export const nftCollections = pgTable('nft_collections', {
  id: serial('id').primaryKey(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  stories: jsonb('stories').$type<Record<string, string>>().notNull(),
  creator: text('creator').notNull(),
  /** Informational unless a chain adapter is configured. */
  chain: text('chain').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * An item sold by English auction for a charity. `status` is what was recorded: live (listed: the
 * clock says upcoming, live or ended), sold, unsold, withdrawn. The leader and the current bid move
 * with each bid under the row's lock, in the bid's transaction (its hold, the previous leader's
 * release); `end_at` moves with late bids (anti-sniping). Once settled: `owner_user_id`,
 * `sold_price`, `sold_by`, `donation_transfer_id` (the ledger transfer that paid the charity).
 */
export const nftItems = pgTable(
  'nft_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What users see: random. */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => nftCollections.id),
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    stories: jsonb('stories').$type<Record<string, string>>().notNull(),
    /** A files-module upload of purpose nft. */
    imageFileId: text('image_file_id').notNull(),
    edition: integer('edition').notNull(),
    editionSize: integer('edition_size').notNull(),
    currency: text('currency').notNull(),
    startPrice: amount('start_price').notNull(),
    reserve: amount('reserve').notNull(),
    buyNow: amount('buy_now'),
    bidStepBps: integer('bid_step_bps').notNull(),
    extendSeconds: integer('extend_seconds').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    originalEndAt: at('original_end_at').notNull(),
    charityId: integer('charity_id')
      .notNull()
      .references(() => nftCharities.id),
    sellerUserId: bigint('seller_user_id', { mode: 'number' }).references(() => users.id),
    /** live | sold | unsold | withdrawn */
    status: text('status').notNull().default('live'),
    leaderUserId: bigint('leader_user_id', { mode: 'number' }).references(() => users.id),
    leaderBidId: bigint('leader_bid_id', { mode: 'number' }),
    currentBid: amount('current_bid'),
    bids: integer('bids').notNull().default(0),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
    soldPrice: amount('sold_price'),
    soldAt: at('sold_at'),
    /** auction | buy_now */
    soldBy: text('sold_by'),
    donationTransferId: bigint('donation_transfer_id', { mode: 'number' }),
    settledAt: at('settled_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('nft_items_public_uq').on(t.publicId),
    index('nft_items_collection').on(t.collectionId),
    index('nft_items_due').on(t.status, t.endAt),
    index('nft_items_owner').on(t.ownerUserId),
    check('nft_items_status_ck', sql`${t.status} in ('live', 'sold', 'unsold', 'withdrawn')`),
    check('nft_items_sold_by_ck', sql`${t.soldBy} is null or ${t.soldBy} in ('auction', 'buy_now')`),
    check(
      'nft_items_prices_ck',
      sql`${t.startPrice} > 0 and ${t.reserve} >= ${t.startPrice} and (${t.buyNow} is null or ${t.buyNow} > ${t.reserve})`,
    ),
    check('nft_items_times_ck', sql`${t.endAt} > ${t.startAt} and ${t.originalEndAt} > ${t.startAt}`),
    check(
      'nft_items_sold_ck',
      sql`(${t.status} = 'sold') = (${t.soldPrice} is not null and ${t.ownerUserId} is not null)`,
    ),
  ],
);

/**
 * Every accepted bid, held in the bidder's real account under `nft:<itemId>:bid:<id>` until it is
 * outbid (released), or the auction ends (posted to the charity, or released below the reserve).
 * `bidder_mask` is what others see of the bidder (first and last character of the username).
 */
export const nftBids = pgTable(
  'nft_bids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => nftItems.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    bidderMask: text('bidder_mask').notNull(),
    amount: amount('amount').notNull(),
    /** The new end when this bid extended the auction. */
    extendedTo: at('extended_to'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('nft_bids_item').on(t.itemId, t.id),
    index('nft_bids_user').on(t.userId, t.itemId),
    check('nft_bids_amount_ck', sql`${t.amount} > 0`),
  ],
);

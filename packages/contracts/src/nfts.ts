import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Charity NFTs (spec §1 charity NFT sales, §2 /nfts, §3 NFT: creator, chain, current bid, remaining
 * time, cumulative donation, §7 index/listNft, user/listNft, user/buyNft, §8 10011, 10016, 20004).
 *
 * Operators list items in collections from the back office (audited); each item is sold by an English
 * auction on the model of Zora's reserve auctions, for a charity named on the item:
 * - The first bid is at least the start price; every later bid beats the leading one by at least the
 *   item's step (`bidStepBps`, 500 = 5 %), rounded up to the currency's minor unit (`minNextBid`).
 * - A bid is held in the bidder's real account; the previous leader's hold is released in the same
 *   transaction, so the holds on an item always equal its leading bid.
 * - A bid in the last `extendSeconds` before the end moves the end to bid time + `extendSeconds`
 *   (anti-sniping); a bid at or after the end is refused.
 * - Buy now (when the item has a buy-now price) ends the auction at once at that price; bids must stay
 *   below it (40066: use buy now).
 * - At the end the job runner settles: a leading bid at or above the reserve is posted to the charity's
 *   ledger account (the donation) and the leader owns the item; below the reserve nothing is sold and
 *   every hold is released.
 * - The reserve, step and extension are shown to everyone and frozen once the item has a bid.
 * - The seller (the donor, when they have an account here) cannot bid on their own item (40065); the
 *   platform has no bidding path at all (admins are not users).
 * - Real account only: the demo account gets 40010.
 * - The chain is informational: no token is minted and no transaction hash exists unless a chain adapter
 *   is configured (`chainAdapter`); ownership is this platform's record.
 *
 * Refusals: malformed or non-positive amount 10016; unknown item 40400; not live (not started, ended,
 * settled or withdrawn) 40064; below the minimum next bid 40063; at or above the buy-now price 40066;
 * buy now on an item without one 40067; the seller's own item 40065; the balance short 10011; the demo
 * account 40010. Admin: a frozen field changed, or an item withdrawn, after its first bid 40068.
 */

const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;
/** Public ids of items and collections: 1..2^53 (random for items, so listings cannot be counted). */
const PublicId = (code: string) =>
  z.coerce
    .number({ error: code })
    .int({ error: code })
    .positive({ error: code })
    .max(Number.MAX_SAFE_INTEGER, { error: code });

/** Defaults a new item takes (the back office may change them until the first bid). */
export const NFT_DEFAULT_STEP_BPS = 500;
export const NFT_DEFAULT_EXTEND_SECONDS = 15 * 60;

export const NFT_STATUSES = ['upcoming', 'live', 'ended', 'sold', 'unsold', 'withdrawn'] as const;
/**
 * upcoming: before startAt; live: bids taken; ended: past endAt, being settled; sold: settled with a
 * winner (or bought now); unsold: ended below the reserve or without bids; withdrawn: taken down by
 * the back office before any bid.
 */
export const NftStatus = z.enum(NFT_STATUSES, { error: 'E40001' });
export type NftStatus = z.infer<typeof NftStatus>;

export const NftCharity = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().describe('In the request’s language (English fallback)'),
  website: z.string().nullable(),
  donated: z.string().describe('Cumulative donations received from sales (the currency of `currency`)'),
  currency: z.string(),
});
export type NftCharity = z.infer<typeof NftCharity>;

export const NftCollection = z.object({
  id: z.number().int(),
  title: z.string().describe('In the request’s language (English fallback)'),
  story: z.string(),
  creator: z.string(),
  chain: z.string().describe('Informational unless a chain adapter is configured'),
  coverImage: z.string().nullable().describe('URL of the cover thumbnail (an item’s image)'),
  items: z.number().int().describe('Listed items (not withdrawn)'),
  donated: z.string().describe('What its sold items have donated'),
  currency: z.string(),
});
export type NftCollection = z.infer<typeof NftCollection>;

export const NftItem = z.object({
  id: z.number().int().describe('Public id (random)'),
  collectionId: z.number().int(),
  collectionTitle: z.string(),
  title: z.string().describe('In the request’s language (English fallback)'),
  story: z.string(),
  creator: z.string(),
  chain: z.string(),
  image: z.string().describe('URL of the display image: GET /swx/customer/index/nftImage/{fileId}'),
  thumbnail: z.string().describe('URL of the 320 px thumbnail (…?variant=thumbnail)'),
  edition: z.number().int().describe('This item’s number within its edition'),
  editionSize: z.number().int().describe('How many were made (1 for a one-off)'),
  currency: z.string(),
  scale: z.number().int(),
  startPrice: z.string().describe('The lowest first bid'),
  reserve: z.string().describe('Below it at the end, nothing is sold and every hold is released'),
  reserveMet: z.boolean(),
  buyNow: z.string().nullable().describe('Ends the auction at once at this price; bids stay below it'),
  currentBid: z.string().nullable().describe('The leading bid (held in the leader’s account)'),
  minNextBid: z.string().describe('The least a bid may be now (start price, or the leading bid plus the step)'),
  bidStepBps: z.number().int().describe('500 = each bid beats the leading one by at least 5 %'),
  extendSeconds: z.number().int().describe('A bid this close to the end moves the end to bid time + this'),
  bids: z.number().int(),
  startAt: z.number().int().describe('Epoch ms'),
  endAt: z.number().int().describe('Epoch ms: the end as it stands now (moved by late bids)'),
  originalEndAt: z.number().int().describe('The end as listed'),
  status: NftStatus,
  charity: z.object({ id: z.number().int(), name: z.string() }),
  donated: z.string().describe('This item’s donation: its sale price once sold, else 0'),
  soldPrice: z.string().nullable(),
  soldAt: z.number().int().nullable(),
  soldBy: z.enum(['auction', 'buy_now']).nullable(),
  mine: z
    .object({
      leading: z.boolean(),
      myBid: z.string().nullable().describe('My highest bid on the item'),
      owner: z.boolean(),
      seller: z.boolean().describe('I listed (donated) it: I cannot bid'),
    })
    .nullable()
    .describe('For a signed-in user; null otherwise'),
});
export type NftItem = z.infer<typeof NftItem>;

export const NftBid = z.object({
  amount: z.string(),
  bidder: z.string().describe('Masked (first and last character of the username), or "you"'),
  mine: z.boolean(),
  at: z.number().int(),
  extendedTo: z.number().int().nullable().describe('The new end when this bid extended the auction'),
});
export type NftBid = z.infer<typeof NftBid>;

export const NFT_LIST_FILTERS = ['all', 'live', 'ending', 'upcoming', 'sold'] as const;
export const ListNftQuery = z.object({
  /** live: taking bids; ending: live and ending within the next 24 h, soonest first; sold: sold, newest first. */
  filter: z.enum(NFT_LIST_FILTERS, { error: 'E40001' }).default('all'),
  collectionId: PublicId('E40001').optional(),
  ...pageQueryFields,
});
export type ListNftQuery = z.input<typeof ListNftQuery>;

export const ListNftResult = paged(NftItem).extend({
  collections: z.array(NftCollection),
  charities: z.array(NftCharity),
  /** Every charity's donations, per currency: the public total on /nfts. */
  donated: z.array(z.object({ currency: z.string(), amount: z.string() })),
  chainAdapter: z.string().nullable().describe('null: the chain is informational (no token is minted)'),
  serverTime: z.number().int().describe('The server’s clock (epoch ms) when it answered: countdowns run on it'),
});
export type ListNftResult = z.infer<typeof ListNftResult>;

export const NftDetail = NftItem.extend({
  history: z.array(NftBid).describe('Newest first, the last 100'),
  collection: NftCollection,
  charityDetail: NftCharity,
  chainAdapter: z.string().nullable(),
  serverTime: z.number().int().describe('The server’s clock (epoch ms) when it answered: countdowns run on it'),
});
export type NftDetail = z.infer<typeof NftDetail>;

export const BidNftRequest = z.object({
  id: PublicId('E40400'),
  amount: z
    .string({ error: 'E10016' })
    .trim()
    .min(1, { error: 'E10016' })
    .max(40, { error: 'E10016' })
    .regex(DECIMAL_INPUT, { error: 'E10016' })
    .describe('The bid: at least minNextBid, below buyNow, at most the currency’s decimals (10016)'),
});
export type BidNftRequest = z.input<typeof BidNftRequest>;

export const BuyNftRequest = z.object({
  id: PublicId('E40400'),
  price: z
    .string({ error: 'E10016' })
    .trim()
    .max(40, { error: 'E10016' })
    .regex(DECIMAL_INPUT, { error: 'E10016' })
    .optional()
    .describe('The buy-now price the user saw; refused (10016) when it is not the item’s'),
});
export type BuyNftRequest = z.input<typeof BuyNftRequest>;

/** The money side of a sale, shown on my NFTs. */
export const NftReceipt = z.object({
  amount: z.string(),
  currency: z.string(),
  charity: z.string(),
  by: z.enum(['auction', 'buy_now']),
  at: z.number().int(),
  transferId: z.number().int().describe('The ledger transfer that paid the charity'),
});
export type NftReceipt = z.infer<typeof NftReceipt>;

export const MY_NFT_STATES = ['won', 'bought', 'bidding', 'outbid', 'lost'] as const;
export const MyNftState = z.enum(MY_NFT_STATES, { error: 'E40001' });
export type MyNftState = z.infer<typeof MyNftState>;

export const MyNft = z.object({
  state: MyNftState.describe(
    'won / bought: mine; bidding: I lead a live auction; outbid: live, someone else leads; lost: ended, not mine',
  ),
  item: NftItem,
  receipt: NftReceipt.nullable(),
});
export type MyNft = z.infer<typeof MyNft>;

export const ListMyNftQuery = z.object({
  state: z.enum(['all', 'owned', ...MY_NFT_STATES], { error: 'E40001' }).default('all'),
  ...pageQueryFields,
});
export type ListMyNftQuery = z.input<typeof ListMyNftQuery>;
export const ListMyNftResult = paged(MyNft);
export type ListMyNftResult = z.infer<typeof ListMyNftResult>;

// ------------------------------------------------------------------ the back office (admin API)

const AdminDecimal = z.string({ error: 'E40001' }).max(40, { error: 'E40001' }).regex(DECIMAL_INPUT, {
  error: 'E40001',
});
const Texts = (max: number) =>
  z
    .record(z.string().regex(/^[a-z]{2}$/, { error: 'E40001' }), z.string().trim().min(1).max(max))
    .refine((n) => Boolean(n.en), { error: 'E40001' });
const FileId = z.string({ error: 'E40001' }).uuid({ error: 'E40001' });
const EpochMs = z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(0).max(8_640_000_000_000_000);

export const AdminNftCharityInput = z.object({
  name: z.string({ error: 'E40001' }).trim().min(1).max(120),
  descriptions: Texts(2_000),
  website: z.string({ error: 'E40001' }).url({ error: 'E40001' }).max(300).nullable(),
  enabled: z.boolean({ error: 'E40001' }),
});
export type AdminNftCharityInput = z.input<typeof AdminNftCharityInput>;

export const AdminNftCharity = NftCharity.extend({
  descriptions: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  balance: z.string().describe('Its share of the charity ledger account not yet paid out'),
  items: z.number().int(),
});
export type AdminNftCharity = z.infer<typeof AdminNftCharity>;

export const AdminNftCollectionInput = z.object({
  titles: Texts(200),
  stories: Texts(4_000),
  creator: z.string({ error: 'E40001' }).trim().min(1).max(120),
  chain: z.string({ error: 'E40001' }).trim().min(1).max(40),
  enabled: z.boolean({ error: 'E40001' }).describe('false: hidden from users with all its items'),
});
export type AdminNftCollectionInput = z.input<typeof AdminNftCollectionInput>;

export const AdminNftCollection = NftCollection.extend({
  titles: z.record(z.string(), z.string()),
  stories: z.record(z.string(), z.string()),
  enabled: z.boolean(),
});
export type AdminNftCollection = z.infer<typeof AdminNftCollection>;

export const AdminNftItemInput = z.object({
  collectionId: z.number({ error: 'E40001' }).int().positive(),
  titles: Texts(200),
  stories: Texts(4_000),
  imageFileId: FileId.describe('An upload of purpose nft (POST /swx/admin/files/upload)'),
  edition: z.number({ error: 'E40001' }).int().min(1).max(1_000_000),
  editionSize: z.number({ error: 'E40001' }).int().min(1).max(1_000_000),
  currency: z.string({ error: 'E40001' }).regex(/^[A-Z0-9]{2,12}$/, { error: 'E40001' }),
  startPrice: AdminDecimal,
  reserve: AdminDecimal,
  buyNow: AdminDecimal.nullable(),
  bidStepBps: z.number({ error: 'E40001' }).int().min(1).max(10_000).default(NFT_DEFAULT_STEP_BPS),
  extendSeconds: z.number({ error: 'E40001' }).int().min(0).max(86_400).default(NFT_DEFAULT_EXTEND_SECONDS),
  startAt: EpochMs,
  endAt: EpochMs,
  charityId: z.number({ error: 'E40001' }).int().positive(),
  sellerUserId: z
    .number({ error: 'E40001' })
    .int()
    .positive()
    .nullable()
    .describe('The donor, when they have an account: they cannot bid on it'),
});
export type AdminNftItemInput = z.input<typeof AdminNftItemInput>;

export const AdminNftItem = NftItem.omit({ mine: true }).extend({
  titles: z.record(z.string(), z.string()),
  stories: z.record(z.string(), z.string()),
  imageFileId: z.string(),
  charityId: z.number().int(),
  sellerUserId: z.number().int().nullable(),
  ownerUserId: z.number().int().nullable(),
  leaderUserId: z.number().int().nullable(),
  frozen: z.boolean().describe('Has a bid: prices, times, step, extension, charity and seller are frozen'),
});
export type AdminNftItem = z.infer<typeof AdminNftItem>;

export const AdminNftItemsQuery = z.object({
  collectionId: z.coerce.number({ error: 'E40001' }).int().positive().optional(),
  status: NftStatus.optional(),
  ...pageQueryFields,
});
export type AdminNftItemsQuery = z.input<typeof AdminNftItemsQuery>;

export const AdminNftCharitiesResult = z.object({ list: z.array(AdminNftCharity) });
export type AdminNftCharitiesResult = z.infer<typeof AdminNftCharitiesResult>;
export const AdminNftCollectionsResult = z.object({ list: z.array(AdminNftCollection) });
export type AdminNftCollectionsResult = z.infer<typeof AdminNftCollectionsResult>;
export const AdminNftItemsResult = paged(AdminNftItem);
export type AdminNftItemsResult = z.infer<typeof AdminNftItemsResult>;

/** The result of an admin upload: the id to put in `imageFileId`. */
export const AdminUploadResult = z.object({
  id: z.string(),
  purpose: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string().describe('Where users will see it (nft purpose: the public image URL)'),
  thumbnail: z.string(),
});
export type AdminUploadResult = z.infer<typeof AdminUploadResult>;

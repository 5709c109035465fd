/**
 * Rows as the wire shows them (contracts/nfts.ts): texts in the request's language (English
 * fallback), amounts at the currency's scale, the phase from the clock, the image URLs, and for a
 * signed-in user their part in the item.
 */
import type {
  AdminNftCharity,
  AdminNftCollection,
  AdminNftItem,
  MyNftState,
  NftBid,
  NftCharity,
  NftCollection,
  NftItem,
  NftReceipt,
} from '@openbourse/contracts/nfts.ts';
import { auctionStatus, formatDecimal, fromLedger, minNextBid, reserveMet } from '@openbourse/money';
import type { BidRow, CharityRow, CollectionRow, DonatedRow, ItemRow } from './nfts.repository.ts';

/** The public image URL of an nft upload (the files module serves it without a session). */
export const imageUrl = (fileId: string) => `/swx/customer/index/nftImage/${fileId}`;
export const thumbnailUrl = (fileId: string) => `${imageUrl(fileId)}?variant=thumbnail`;

/** A text in `lang`, else English, else the first one written. */
export function pick(texts: Record<string, string>, lang: string): string {
  return texts[lang] ?? texts.en ?? Object.values(texts)[0] ?? '';
}

/** What others see of a bidder: the first and last character of the username around ***. */
export function maskName(username: string): string {
  const chars = [...username];
  if (chars.length === 0) return '***';
  return `${chars[0]}***${chars.length > 1 ? chars[chars.length - 1] : ''}`;
}

/** Everything a page of views needs, read once. */
export interface ViewContext {
  now: number;
  lang: string;
  /** Decimals of each currency in use. */
  scales: Map<string, number>;
  collections: Map<number, CollectionRow>;
  charities: Map<number, CharityRow>;
  /** The signed-in user, or null. */
  userId: number | null;
  /** The user's highest bid per item id (ledger numeric text). */
  myHighest: Map<number, string>;
}

export function amountText(v: string, scale: number): string {
  return formatDecimal(fromLedger(v, scale), scale);
}

const scaleIn = (ctx: Pick<ViewContext, 'scales'>, currency: string): number => {
  const s = ctx.scales.get(currency);
  if (s === undefined) throw new Error(`nfts: no scale for ${currency}`);
  return s;
};

/** The phase the public sees now. */
export const phaseOf = (row: ItemRow, now: number) =>
  auctionStatus({
    status: row.status as 'live' | 'sold' | 'unsold' | 'withdrawn',
    startAt: row.startAt.getTime(),
    endAt: row.endAt.getTime(),
    at: now,
  });

export function itemView(row: ItemRow, ctx: ViewContext): NftItem {
  const scale = scaleIn(ctx, row.currency);
  const units = (v: string) => fromLedger(v, scale);
  const fmt = (u: bigint) => formatDecimal(u, scale);
  const current = row.currentBid === null ? null : units(row.currentBid);
  const collection = ctx.collections.get(row.collectionId);
  const charity = ctx.charities.get(row.charityId);
  const me = ctx.userId;
  const mine =
    me === null
      ? null
      : {
          leading: row.status === 'live' && row.leaderUserId === me,
          myBid: ctx.myHighest.has(row.id) ? fmt(units(ctx.myHighest.get(row.id)!)) : null,
          owner: row.ownerUserId === me,
          seller: row.sellerUserId === me,
        };
  return {
    id: row.publicId,
    collectionId: row.collectionId,
    collectionTitle: collection ? pick(collection.titles, ctx.lang) : '',
    title: pick(row.titles, ctx.lang),
    story: pick(row.stories, ctx.lang),
    creator: collection?.creator ?? '',
    chain: collection?.chain ?? '',
    image: imageUrl(row.imageFileId),
    thumbnail: thumbnailUrl(row.imageFileId),
    edition: row.edition,
    editionSize: row.editionSize,
    currency: row.currency,
    scale,
    startPrice: fmt(units(row.startPrice)),
    reserve: fmt(units(row.reserve)),
    reserveMet: reserveMet(current, units(row.reserve)),
    buyNow: row.buyNow === null ? null : fmt(units(row.buyNow)),
    currentBid: current === null ? null : fmt(current),
    minNextBid: fmt(minNextBid(current, units(row.startPrice), row.bidStepBps)),
    bidStepBps: row.bidStepBps,
    extendSeconds: row.extendSeconds,
    bids: row.bids,
    startAt: row.startAt.getTime(),
    endAt: row.endAt.getTime(),
    originalEndAt: row.originalEndAt.getTime(),
    status: phaseOf(row, ctx.now),
    charity: { id: row.charityId, name: charity?.name ?? '' },
    donated: row.status === 'sold' && row.soldPrice !== null ? fmt(units(row.soldPrice)) : fmt(0n),
    soldPrice: row.soldPrice === null ? null : fmt(units(row.soldPrice)),
    soldAt: row.soldAt?.getTime() ?? null,
    soldBy: (row.soldBy as 'auction' | 'buy_now' | null) ?? null,
    mine,
  };
}

export function adminItemView(row: ItemRow, ctx: ViewContext): AdminNftItem {
  const { mine: _mine, ...item } = itemView(row, { ...ctx, userId: null });
  return {
    ...item,
    titles: row.titles,
    stories: row.stories,
    imageFileId: row.imageFileId,
    charityId: row.charityId,
    sellerUserId: row.sellerUserId,
    ownerUserId: row.ownerUserId,
    leaderUserId: row.leaderUserId,
    frozen: row.bids > 0,
  };
}

export function bidView(row: BidRow, scale: number, userId: number | null, extendedTo: Date | null): NftBid {
  const mine = userId !== null && row.userId === userId;
  return {
    amount: amountText(row.amount, scale),
    bidder: mine ? 'you' : row.bidderMask,
    mine,
    at: row.createdAt.getTime(),
    extendedTo: extendedTo?.getTime() ?? null,
  };
}

/** Sums of donations as a lookup: key → currency → amount (ledger numeric text). */
export function donatedLookup(rows: DonatedRow[]): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  for (const r of rows) {
    const m = out.get(r.key) ?? new Map<string, string>();
    m.set(r.currency, r.amount);
    out.set(r.key, m);
  }
  return out;
}

export function charityView(
  row: CharityRow,
  lang: string,
  donated: Map<string, string> | undefined,
  scales: Map<string, number>,
): NftCharity {
  const scale = scales.get(row.currency) ?? 2;
  return {
    id: row.id,
    name: row.name,
    description: pick(row.descriptions, lang),
    website: row.website,
    donated: amountText(donated?.get(row.currency) ?? '0', scale),
    currency: row.currency,
  };
}

export function adminCharityView(
  row: CharityRow,
  donated: Map<string, string> | undefined,
  scales: Map<string, number>,
  items: number,
): AdminNftCharity {
  const view = charityView(row, 'en', donated, scales);
  return { ...view, descriptions: row.descriptions, enabled: row.enabled, balance: view.donated, items };
}

export function collectionView(
  row: CollectionRow,
  lang: string,
  figures: { items: number; cover: string | undefined; donated: Map<string, string> | undefined },
  scales: Map<string, number>,
): NftCollection {
  const [currency, amount] = [...(figures.donated ?? new Map<string, string>()).entries()][0] ?? ['USDT', '0'];
  return {
    id: row.id,
    title: pick(row.titles, lang),
    story: pick(row.stories, lang),
    creator: row.creator,
    chain: row.chain,
    coverImage: figures.cover ? thumbnailUrl(figures.cover) : null,
    items: figures.items,
    donated: amountText(amount, scales.get(currency) ?? 2),
    currency,
  };
}

export function adminCollectionView(
  row: CollectionRow,
  figures: { items: number; cover: string | undefined; donated: Map<string, string> | undefined },
  scales: Map<string, number>,
): AdminNftCollection {
  return {
    ...collectionView(row, 'en', figures, scales),
    titles: row.titles,
    stories: row.stories,
    enabled: row.enabled,
  };
}

/** The user's state on an item (my NFTs). */
export function myState(row: ItemRow, userId: number, now: number): MyNftState {
  if (row.ownerUserId === userId) return row.soldBy === 'buy_now' ? 'bought' : 'won';
  if (row.status === 'live' && row.leaderUserId === userId) return 'bidding';
  if (row.status === 'live' && row.endAt.getTime() > now) return 'outbid';
  return 'lost';
}

export function receiptView(row: ItemRow, ctx: ViewContext): NftReceipt | null {
  if (row.status !== 'sold' || row.soldPrice === null || row.donationTransferId === null || row.soldAt === null) {
    return null;
  }
  return {
    amount: amountText(row.soldPrice, scaleIn(ctx, row.currency)),
    currency: row.currency,
    charity: ctx.charities.get(row.charityId)?.name ?? '',
    by: (row.soldBy as 'auction' | 'buy_now') ?? 'auction',
    at: row.soldAt.getTime(),
    transferId: row.donationTransferId,
  };
}

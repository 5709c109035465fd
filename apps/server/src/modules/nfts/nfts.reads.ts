/**
 * What users read (index/listNft, index/getNftById, user/listNft): pages of items with the
 * collections, the charities and the donation totals, an item with its bid history, my NFTs with
 * their receipts. Every figure is read from the items' rows, written in the same transactions as the
 * ledger's holds and donations.
 */
import type { ListMyNftQuery, ListNftQuery, ListNftResult, MyNft, NftDetail } from '@openbourse/contracts/nfts.ts';
import { formatDecimal, fromLedger } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { nftsErrors } from './nfts.errors.ts';
import { type ItemRow, nftsRepository as repo } from './nfts.repository.ts';
import {
  bidView,
  charityView,
  collectionView,
  donatedLookup,
  itemView,
  myState,
  receiptView,
  type ViewContext,
} from './nfts.views.ts';

export function createNftReads(deps: { db: Db; clock: Clock; ledger: LedgerService; chainAdapter: string | null }) {
  const { db, clock, ledger } = deps;
  const scales = new Map<string, number>();

  /** A currency's decimals (currency rows are never rewritten: read once). */
  async function scaleOf(exec: Executor, currency: string): Promise<number | null> {
    const known = scales.get(currency);
    if (known !== undefined) return known;
    const cur = await ledger.getCurrency(exec, currency);
    if (!cur) return null;
    scales.set(currency, cur.scale);
    return cur.scale;
  }

  async function context(
    exec: Executor,
    lang: string,
    userId: number | null,
    rows: ItemRow[],
    extraCurrencies: string[] = [],
  ): Promise<ViewContext> {
    const collections = new Map((await repo.collections(exec)).map((c) => [c.id, c]));
    const charities = new Map((await repo.charities(exec)).map((c) => [c.id, c]));
    const currencies = new Set([
      ...rows.map((r) => r.currency),
      ...[...charities.values()].map((c) => c.currency),
      ...extraCurrencies,
      'USDT',
    ]);
    for (const c of currencies) await scaleOf(exec, c);
    return {
      now: clock.now().getTime(),
      lang,
      scales,
      collections,
      charities,
      userId,
      myHighest:
        userId === null
          ? new Map()
          : await repo.myHighest(
              exec,
              userId,
              rows.map((r) => r.id),
            ),
    };
  }

  /** The collections (enabled ones unless `all`), the charities and the donations per currency. */
  async function figures(exec: Executor, ctx: ViewContext, all = false) {
    const byCharity = donatedLookup(await repo.donatedByCharity(exec));
    const byCollection = donatedLookup(await repo.donatedByCollection(exec));
    const counts = await repo.itemCounts(exec);
    const covers = await repo.covers(exec);
    const totals = new Map<string, bigint>();
    for (const rows of byCharity.values()) {
      for (const [currency, amount] of rows) {
        const scale = (await scaleOf(exec, currency)) ?? 18;
        const units = fromLedger(amount, scale);
        totals.set(currency, (totals.get(currency) ?? 0n) + units);
      }
    }
    const collections = [...ctx.collections.values()]
      .filter((c) => all || c.enabled)
      .map((c) => ({
        row: c,
        figures: { items: counts.collections.get(c.id) ?? 0, cover: covers.get(c.id), donated: byCollection.get(c.id) },
      }));
    const charities = [...ctx.charities.values()]
      .filter((c) => all || c.enabled)
      .map((c) => ({ row: c, donated: byCharity.get(c.id), items: counts.charities.get(c.id) ?? 0 }));
    const donated = [...totals.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, units]) => ({ currency, amount: formatDecimal(units, scales.get(currency) ?? 18) }));
    return { collections, charities, donated };
  }

  return {
    scaleOf,
    context,
    figures,

    /** index/listNft: a page of items, the collections, charities and donation totals. */
    async list(lang: string, userId: number | null, q: z.output<typeof ListNftQuery>): Promise<ListNftResult> {
      const { rows, total } = await repo.publicItems(db, {
        filter: q.filter,
        collectionId: q.collectionId,
        now: clock.now(),
        page: q.page,
        size: q.size,
      });
      const ctx = await context(db, lang, userId, rows);
      const f = await figures(db, ctx);
      return {
        list: rows.map((r) => itemView(r, ctx)),
        total,
        page: q.page,
        size: q.size,
        collections: f.collections.map((c) => collectionView(c.row, lang, c.figures, scales)),
        charities: f.charities.map((c) => charityView(c.row, lang, c.donated, scales)),
        donated: f.donated,
        chainAdapter: deps.chainAdapter,
        serverTime: clock.now().getTime(),
      };
    },

    /** index/getNftById: one item (not withdrawn, of an enabled collection) with its last 100 bids. */
    async detail(lang: string, userId: number | null, publicId: number): Promise<NftDetail> {
      const row = await repo.itemByPublicId(db, publicId);
      if (!row || row.status === 'withdrawn') throw nftsErrors.notFound();
      const ctx = await context(db, lang, userId, [row]);
      const collection = ctx.collections.get(row.collectionId);
      if (!collection?.enabled) throw nftsErrors.notFound();
      const f = await figures(db, ctx, true);
      const col = f.collections.find((c) => c.row.id === row.collectionId)!;
      const charity = f.charities.find((c) => c.row.id === row.charityId)!;
      const scale = ctx.scales.get(row.currency)!;
      const history = await repo.history(db, row.id, 100);
      return {
        ...itemView(row, ctx),
        history: history.map((b) => bidView(b, scale, userId, b.extendedTo)),
        collection: collectionView(col.row, lang, col.figures, scales),
        charityDetail: charityView(charity.row, lang, charity.donated, scales),
        chainAdapter: deps.chainAdapter,
        serverTime: clock.now().getTime(),
      };
    },

    /** user/listNft: the items I won, bought, lead, was outbid on or lost, with the receipt of a sale. */
    async mine(lang: string, userId: number, q: z.output<typeof ListMyNftQuery>) {
      const now = clock.now();
      const { rows, total } = await repo.mine(db, { userId, state: q.state, now, page: q.page, size: q.size });
      const ctx = await context(db, lang, userId, rows);
      const list: MyNft[] = rows.map((r) => ({
        state: myState(r, userId, now.getTime()),
        item: itemView(r, ctx),
        receipt: r.ownerUserId === userId ? receiptView(r, ctx) : null,
      }));
      return { list, total, page: q.page, size: q.size };
    },
  };
}

export type NftReads = ReturnType<typeof createNftReads>;

/**
 * The back office's side of the listings (admin/admin.nfts.ts calls these inside its audited
 * transaction): charities, collections and items created and edited, an item withdrawn. Every
 * reference is checked (40001 with the field), amounts at the currency's scale, prices in order
 * (reserve ≥ start price, buy now above both), times in order; once an item has a bid its prices,
 * times, step, extension, charity, seller and currency are frozen (40068), as is its withdrawal.
 */
import type {
  AdminNftCharity,
  AdminNftCharityInput,
  AdminNftCollection,
  AdminNftCollectionInput,
  AdminNftItem,
  AdminNftItemInput,
  AdminNftItemsQuery,
  AdminNftItemsResult,
} from '@openbourse/contracts/nfts.ts';
import { isMoneyError, parseDecimal, toLedger } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import { nftsErrors } from './nfts.errors.ts';
import type { NftReads } from './nfts.reads.ts';
import { type ItemRow, type NewItemRow, nftsRepository as repo } from './nfts.repository.ts';
import { adminCharityView, adminCollectionView, adminItemView, donatedLookup } from './nfts.views.ts';

type CharityInput = z.output<typeof AdminNftCharityInput>;
type CollectionInput = z.output<typeof AdminNftCollectionInput>;
type ItemInput = z.output<typeof AdminNftItemInput>;

/** The fields frozen once an item has a bid. */
const FROZEN: readonly (keyof NewItemRow)[] = [
  'currency',
  'startPrice',
  'reserve',
  'buyNow',
  'bidStepBps',
  'extendSeconds',
  'startAt',
  'originalEndAt',
  'charityId',
  'sellerUserId',
];

export function createNftListings(deps: {
  db: Db;
  clock: Clock;
  reads: NftReads;
  files: Pick<FilesService, 'find'>;
  /** Whether a user id exists (an item's seller). */
  userExists: (exec: Executor, userId: number) => Promise<boolean>;
  publicIds: () => number;
}) {
  const { db, clock, reads } = deps;

  async function charityOut(exec: Executor, id: number): Promise<AdminNftCharity> {
    const row = await repo.charity(exec, id);
    if (!row) throw nftsErrors.notFound();
    const donated = donatedLookup(await repo.donatedByCharity(exec)).get(id);
    const counts = await repo.itemCounts(exec);
    await reads.scaleOf(exec, row.currency);
    return adminCharityView(row, donated, await scales(exec, [row.currency]), counts.charities.get(id) ?? 0);
  }

  async function scales(exec: Executor, currencies: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const c of new Set([...currencies, 'USDT'])) {
      const s = await reads.scaleOf(exec, c);
      if (s !== null) out.set(c, s);
    }
    return out;
  }

  async function collectionOut(exec: Executor, id: number): Promise<AdminNftCollection> {
    const row = await repo.collection(exec, id);
    if (!row) throw nftsErrors.notFound();
    const donated = donatedLookup(await repo.donatedByCollection(exec)).get(id);
    const counts = await repo.itemCounts(exec);
    const covers = await repo.covers(exec);
    return adminCollectionView(
      row,
      { items: counts.collections.get(id) ?? 0, cover: covers.get(id), donated },
      await scales(exec, [...(donated?.keys() ?? [])]),
    );
  }

  async function itemOut(exec: Executor, row: ItemRow): Promise<AdminNftItem> {
    const ctx = await reads.context(exec, 'en', null, [row]);
    return adminItemView(row, ctx);
  }

  /** An amount of the item's currency as the ledger stores it, or 40001 on the field. */
  function units(value: string, scale: number, field: string): bigint {
    try {
      const u = parseDecimal(value, scale);
      if (u <= 0n || value.split('.')[0]!.length > 15) throw nftsErrors.invalid(field);
      return u;
    } catch (e) {
      if (isMoneyError(e)) throw nftsErrors.invalid(field);
      throw e;
    }
  }

  /** The item's row from the input, every reference and rule checked. */
  async function checkedItem(exec: Executor, input: ItemInput) {
    const collection = await repo.collection(exec, input.collectionId);
    if (!collection) throw nftsErrors.invalid('collectionId');
    const charity = await repo.charity(exec, input.charityId);
    if (!charity) throw nftsErrors.invalid('charityId');
    const scale = await reads.scaleOf(exec, input.currency);
    if (scale === null) throw nftsErrors.invalid('currency');
    const file = await deps.files.find({ kind: 'admin', role: 'owner' }, input.imageFileId, exec).catch(() => null);
    if (file?.purpose !== 'nft') throw nftsErrors.invalid('imageFileId');
    if (input.sellerUserId !== null && !(await deps.userExists(exec, input.sellerUserId))) {
      throw nftsErrors.invalid('sellerUserId');
    }
    if (input.edition > input.editionSize) throw nftsErrors.invalid('edition');
    if (input.endAt <= input.startAt) throw nftsErrors.invalid('endAt');
    const start = units(input.startPrice, scale, 'startPrice');
    const reserve = units(input.reserve, scale, 'reserve');
    if (reserve < start) throw nftsErrors.invalid('reserve');
    const buyNow = input.buyNow === null ? null : units(input.buyNow, scale, 'buyNow');
    if (buyNow !== null && (buyNow <= reserve || buyNow <= start)) throw nftsErrors.invalid('buyNow');
    return {
      collectionId: input.collectionId,
      titles: input.titles,
      stories: input.stories,
      imageFileId: input.imageFileId,
      edition: input.edition,
      editionSize: input.editionSize,
      currency: input.currency,
      startPrice: toLedger(start, scale),
      reserve: toLedger(reserve, scale),
      buyNow: buyNow === null ? null : toLedger(buyNow, scale),
      bidStepBps: input.bidStepBps,
      extendSeconds: input.extendSeconds,
      startAt: new Date(input.startAt),
      endAt: new Date(input.endAt),
      originalEndAt: new Date(input.endAt),
      charityId: input.charityId,
      sellerUserId: input.sellerUserId,
    } satisfies Partial<NewItemRow>;
  }

  const same = (a: unknown, b: unknown): boolean => {
    if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
    if (typeof a === 'string' && typeof b === 'string') return a === b || eqDecimal(a, b);
    return a === b;
  };

  return {
    // ─── charities ───────────────────────────────────────────────────────────────────────────
    async adminCharities(): Promise<AdminNftCharity[]> {
      const rows = await repo.charities(db);
      const out: AdminNftCharity[] = [];
      for (const r of rows) out.push(await charityOut(db, r.id));
      return out;
    },
    async createCharity(tx: Executor, input: CharityInput): Promise<AdminNftCharity> {
      const now = clock.now();
      const row = await repo.insertCharity(tx, {
        name: input.name,
        descriptions: input.descriptions,
        website: input.website,
        enabled: input.enabled,
        createdAt: now,
        updatedAt: now,
      });
      return charityOut(tx, row.id);
    },
    async updateCharity(
      tx: Executor,
      id: number,
      input: CharityInput,
    ): Promise<{ before: AdminNftCharity; after: AdminNftCharity }> {
      if (!(await repo.charity(tx, id, true))) throw nftsErrors.notFound();
      const before = await charityOut(tx, id);
      await repo.updateCharity(tx, id, {
        name: input.name,
        descriptions: input.descriptions,
        website: input.website,
        enabled: input.enabled,
        updatedAt: clock.now(),
      });
      return { before, after: await charityOut(tx, id) };
    },

    // ─── collections ─────────────────────────────────────────────────────────────────────────
    async adminCollections(): Promise<AdminNftCollection[]> {
      const rows = await repo.collections(db);
      const out: AdminNftCollection[] = [];
      for (const r of rows) out.push(await collectionOut(db, r.id));
      return out;
    },
    async createCollection(tx: Executor, input: CollectionInput): Promise<AdminNftCollection> {
      const now = clock.now();
      const row = await repo.insertCollection(tx, { ...input, createdAt: now, updatedAt: now });
      return collectionOut(tx, row.id);
    },
    async updateCollection(
      tx: Executor,
      id: number,
      input: CollectionInput,
    ): Promise<{ before: AdminNftCollection; after: AdminNftCollection }> {
      if (!(await repo.collection(tx, id, true))) throw nftsErrors.notFound();
      const before = await collectionOut(tx, id);
      await repo.updateCollection(tx, id, { ...input, updatedAt: clock.now() });
      return { before, after: await collectionOut(tx, id) };
    },

    // ─── items ───────────────────────────────────────────────────────────────────────────────
    async adminItems(query: z.output<typeof AdminNftItemsQuery>): Promise<AdminNftItemsResult> {
      const { rows, total } = await repo.adminItems(db, {
        collectionId: query.collectionId,
        status: query.status,
        now: clock.now(),
        page: query.page,
        size: query.size,
      });
      const ctx = await reads.context(db, 'en', null, rows);
      return { list: rows.map((r) => adminItemView(r, ctx)), total, page: query.page, size: query.size };
    },
    async createItem(tx: Executor, input: ItemInput): Promise<AdminNftItem> {
      const fields = await checkedItem(tx, input);
      const now = clock.now();
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await repo.insertItem(tx, {
          ...fields,
          publicId: deps.publicIds(),
          status: 'live',
          createdAt: now,
          updatedAt: now,
        });
        if (row) return itemOut(tx, row);
      }
      throw new Error('nfts: no free public id');
    },
    /** `id`: the item's public id (what the back office's list shows). */
    async updateItem(
      tx: Executor,
      id: number,
      input: ItemInput,
    ): Promise<{ before: AdminNftItem; after: AdminNftItem }> {
      const row = await repo.itemByPublicId(tx, id, true);
      if (!row) throw nftsErrors.notFound();
      const fields = await checkedItem(tx, input);
      const frozen = row.bids > 0 || row.status !== 'live';
      const changed = FROZEN.some((k) => !same(row[k as keyof ItemRow], fields[k as keyof typeof fields]));
      if (frozen && changed) throw nftsErrors.frozen();
      const before = await itemOut(tx, row);
      const set: Partial<NewItemRow> = frozen
        ? {
            collectionId: fields.collectionId,
            titles: fields.titles,
            stories: fields.stories,
            imageFileId: fields.imageFileId,
            edition: fields.edition,
            editionSize: fields.editionSize,
          }
        : fields;
      const after = await repo.updateItem(tx, row.id, { ...set, updatedAt: clock.now() });
      return { before, after: await itemOut(tx, after) };
    },
    async withdrawItem(tx: Executor, id: number): Promise<{ before: AdminNftItem; after: AdminNftItem }> {
      const row = await repo.itemByPublicId(tx, id, true);
      if (!row) throw nftsErrors.notFound();
      if (row.bids > 0 || (row.status !== 'live' && row.status !== 'withdrawn')) throw nftsErrors.frozen();
      const before = await itemOut(tx, row);
      const after =
        row.status === 'withdrawn'
          ? row
          : await repo.updateItem(tx, row.id, { status: 'withdrawn', settledAt: clock.now(), updatedAt: clock.now() });
      return { before, after: await itemOut(tx, after) };
    },
  };
}

/** Two numeric texts equal as exact decimals ("120.000000000000000000" = "120"). */
function eqDecimal(a: string, b: string): boolean {
  const norm = (s: string) => {
    const [i = '0', f = ''] = s.split('.');
    return `${i.replace(/^0+(?=\d)/, '')}.${f.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}

export type NftListings = ReturnType<typeof createNftListings>;

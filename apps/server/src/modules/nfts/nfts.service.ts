/**
 * Charity NFTs (spec §1 charity NFT sales, §2 /nfts, §3 NFT, §7 index/listNft, user/listNft,
 * user/buyNft): items listed by the back office in collections, each sold by an English auction for
 * a charity (contracts/nfts.ts states every rule). A bid is held in the bidder's real account and the
 * previous leader's released in the same transaction under the item's row lock; buy now ends the
 * auction at once; the job runner settles ended auctions (the winning bid paid to the charity's
 * ledger account, or every hold released below the reserve). The chain is informational.
 */
import { randomBytes } from 'node:crypto';
import type { BidNftRequest, BuyNftRequest, NftDetail } from '@openbourse/contracts/nfts.ts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RateLimiter } from '../limits/limits.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { CHARITY_ACCOUNT, createAuction } from './nfts.auction.ts';
import { nftsErrors } from './nfts.errors.ts';
import { createNftListings } from './nfts.listings.ts';
import { createNftReads } from './nfts.reads.ts';
import { nftsRepository as repo } from './nfts.repository.ts';
import { seedNfts } from './nfts.seed.ts';

/** 52 random bits above 2^52: 16 digits, exact in JSON, not counting the platform's items. */
const randomPublicId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));

/** Deadlocks between bids on items whose leaders overlap are retried (nothing outside the database happens inside). */
const RETRIES = 5;
/** Bids and buys per user per minute. */
export const BID_RULE = { windowMs: 60_000, max: 60 };

export function createNfts(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  files: Pick<FilesService, 'find' | 'upload'>;
  notify: Notify;
  /** After a change that notified a user has committed: push it now. */
  published: () => void;
  username: (exec: Executor, userId: number) => Promise<string>;
  userExists: (exec: Executor, userId: number) => Promise<boolean>;
  limiter?: RateLimiter;
  /** A configured chain adapter's name; null: the chain is informational (no token is minted). */
  chainAdapter?: string | null;
  publicIds?: () => number;
}) {
  const { db, clock, ledger } = deps;
  const publicIds = deps.publicIds ?? randomPublicId;
  const reads = createNftReads({ db, clock, ledger, chainAdapter: deps.chainAdapter ?? null });
  const listings = createNftListings({ db, clock, reads, files: deps.files, userExists: deps.userExists, publicIds });
  const auction = createAuction({
    clock,
    ledger,
    notify: deps.notify,
    scaleOf: reads.scaleOf,
    username: deps.username,
    charityName: async (exec, id) => (await repo.charity(exec, id))?.name ?? '',
  });

  async function limit(userId: number) {
    if (!deps.limiter) return;
    const hit = await deps.limiter.hit(`nfts:bid:${userId}`, BID_RULE);
    if (!hit.allowed) throw nftsErrors.tooMany();
  }

  /** The charity account exists before any user's hold is posted to it (its id is lower: locked first). */
  async function charityAccount(currency: string) {
    await ledger.getOrCreatePlatformAccount(db, 'real', currency, 'charity');
  }

  /** An item users can see (not withdrawn, its collection enabled), with the charity account ready for it. */
  async function shown(publicId: number) {
    const found = await repo.itemByPublicId(db, publicId);
    if (!found || found.status === 'withdrawn') throw nftsErrors.notFound();
    if (!(await repo.collection(db, found.collectionId))?.enabled) throw nftsErrors.notFound();
    await charityAccount(found.currency);
  }

  async function detailOf(lang: string, userId: number, publicId: number): Promise<NftDetail> {
    return reads.detail(lang, userId, publicId);
  }

  return {
    /** The back office's listings (admin/admin.nfts.ts, in its audited transactions). */
    listings,
    list: reads.list,
    detail: reads.detail,
    mine: reads.mine,

    /**
     * A bid (user/bidNft): real account only; one transaction with the item's row locked first —
     * the checks, the previous leader's release, the new hold, the end moved by a late bid, the
     * outbid leader's notification. Answers the item as the bidder now sees it.
     */
    async bid(
      userId: number,
      mode: AccountMode,
      lang: string,
      input: z.output<typeof BidNftRequest>,
    ): Promise<NftDetail> {
      if (mode !== 'real') throw nftsErrors.realOnly();
      await limit(userId);
      await shown(input.id);
      await ledger.runInTransaction(
        async (tx) => {
          const row = await repo.itemByPublicId(tx, input.id, true);
          if (!row) throw nftsErrors.notFound();
          return auction.bid(tx, row, userId, input.amount);
        },
        { retries: RETRIES },
      );
      deps.published();
      return detailOf(lang, userId, input.id);
    },

    /** Buy now (user/buyNft): the auction ends at once at the buy-now price, paid to the charity. */
    async buy(
      userId: number,
      mode: AccountMode,
      lang: string,
      input: z.output<typeof BuyNftRequest>,
    ): Promise<NftDetail> {
      if (mode !== 'real') throw nftsErrors.realOnly();
      await limit(userId);
      await shown(input.id);
      await ledger.runInTransaction(
        async (tx) => {
          const row = await repo.itemByPublicId(tx, input.id, true);
          if (!row) throw nftsErrors.notFound();
          return auction.buy(tx, row, userId, input.price);
        },
        { retries: RETRIES },
      );
      deps.published();
      return detailOf(lang, userId, input.id);
    },

    /**
     * The job (every 5 s, catch-up safe): every item still live past its end is settled, each in its
     * own transaction with its row locked; a second run, another process or a restart finds it
     * settled (status guard) and the donation's key already used. Returns the counts.
     */
    async settleDue(): Promise<{ sold: number; unsold: number }> {
      let sold = 0;
      let unsold = 0;
      for (const id of await repo.dueIds(db, clock.now())) {
        const found = await repo.itemById(db, id);
        if (found) await charityAccount(found.currency);
        const r = await ledger.runInTransaction(
          async (tx) => {
            const row = await repo.itemById(tx, id, true);
            return row ? auction.settle(tx, row) : null;
          },
          { retries: RETRIES },
        );
        if (r?.outcome === 'sold') sold += 1;
        if (r?.outcome === 'unsold') unsold += 1;
      }
      if (sold + unsold > 0) deps.published();
      return { sold, unsold };
    },

    /** What the charity account holds in a currency (the ledger's figure; equals the sold items' sum). */
    async charityBalance(exec: Executor, currency: string): Promise<string> {
      return ledger.platformBalance(exec, 'real', currency, CHARITY_ACCOUNT.platform);
    },

    /** A fresh platform's charity, collection and items (idempotent: once there are items, nothing). */
    async seed(): Promise<void> {
      await seedNfts({
        db,
        clock,
        files: deps.files,
        listings,
        ledger,
        hasItems: async () => (await repo.itemCount(db)) > 0,
      });
    },
  };
}

export type Nfts = ReturnType<typeof createNfts>;

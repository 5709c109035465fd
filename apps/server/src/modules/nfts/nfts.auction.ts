/**
 * The auction's money and states (README "Money"): a bid held and the previous leader's released in
 * one transaction under the item's row lock; buy now (the price held and paid to the charity at once);
 * settlement at the end (the leader's hold paid to the charity, or released below the reserve). Each
 * runs in the caller's transaction with the item's row locked first, so the holds on an item always
 * equal its leading bid; every transfer is keyed by the item (and bid), so nothing moves twice.
 */
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import {
  checkBid,
  extendedEnd,
  formatDecimal,
  fromLedger,
  minNextBid,
  settlementOutcome,
  toLedger,
} from '@openbourse/money';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { userAmountUnits } from '../../lib/amounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { nftsErrors } from './nfts.errors.ts';
import { type ItemRow, nftsRepository as repo } from './nfts.repository.ts';
import { maskName, pick } from './nfts.views.ts';

/** Transfer codes (ledger README). */
export const NFT_CODES = {
  /** user available → user locked: a bid (or a buy now's price) held. */
  bid: 'nft_bid',
  /** user locked → user available: a bid released (outbid, or the auction ended below the reserve). */
  release: 'nft_bid_release',
  /** user locked → platform charity: the winning bid or the buy-now price paid to the charity. */
  donation: 'nft_donation',
} as const;

export const nftKeys = {
  bid: (itemId: number, bidId: number) => `nft:${itemId}:bid:${bidId}`,
  release: (itemId: number, bidId: number) => `nft:${itemId}:bid:${bidId}:release`,
  buy: (itemId: number) => `nft:${itemId}:buy`,
  donation: (itemId: number) => `nft:${itemId}:donation`,
};

const REAL = 'real' as const;
export const CHARITY_ACCOUNT = { platform: 'charity' as const, mode: REAL };
const REF = 'nft';

const isBalanceRefusal = (e: unknown) => e instanceof AppError && e.code === ErrorCode.BalanceInsufficient;

export interface AuctionDeps {
  clock: Clock;
  ledger: LedgerService;
  notify: Notify;
  scaleOf: (exec: Executor, currency: string) => Promise<number | null>;
  username: (exec: Executor, userId: number) => Promise<string>;
  charityName: (exec: Executor, charityId: number) => Promise<string>;
}

export function createAuction(deps: AuctionDeps) {
  const { clock, ledger, notify } = deps;
  const ref = (row: ItemRow) => ({ refType: REF, refId: String(row.publicId) });

  async function scale(exec: Executor, currency: string): Promise<number> {
    const s = await deps.scaleOf(exec, currency);
    if (s === null) throw new Error(`nfts: unknown currency ${currency}`);
    return s;
  }

  async function hold(tx: Executor, row: ItemRow, key: string, userId: number, units: bigint, s: number) {
    try {
      return await ledger.hold(tx, {
        key,
        userId,
        mode: REAL,
        currency: row.currency,
        amount: formatDecimal(units, s),
        code: NFT_CODES.bid,
        ...ref(row),
      });
    } catch (e) {
      if (isBalanceRefusal(e)) throw nftsErrors.balanceInsufficient();
      throw e;
    }
  }

  /** Releases the leading bid's hold (outbid, buy now, or below the reserve). */
  async function releaseLeader(tx: Executor, row: ItemRow): Promise<void> {
    if (row.leaderBidId === null) return;
    await ledger.voidHold(tx, {
      holdKey: nftKeys.bid(row.id, row.leaderBidId),
      key: nftKeys.release(row.id, row.leaderBidId),
      code: NFT_CODES.release,
    });
  }

  async function tell(
    tx: Executor,
    kind: 'nftOutbid' | 'nftWon' | 'nftBought' | 'nftUnsold',
    userId: number,
    row: ItemRow,
    amount: string,
    s: number,
  ) {
    await notify(tx, {
      userId,
      kind,
      subject: { type: 'nft', id: row.publicId },
      params: {
        title: pick(row.titles, 'en'),
        // The title in each language it was written in: rendered in the reader's (notifications.texts.ts).
        ...Object.fromEntries(Object.entries(row.titles).map(([l, v]) => [`title.${l}`, v])),
        amount: formatDecimal(fromLedger(amount, s), s),
        currency: row.currency,
        charity: await deps.charityName(tx, row.charityId),
      },
    });
  }

  return {
    /**
     * A bid on the locked item: live by the clock, not the seller's, at least the minimum next bid,
     * below buy now; the previous leader's hold released (the leader raising their own bid too),
     * the new bid held, the end moved by a late bid, the previous leader (another user) told.
     */
    async bid(tx: Executor, row: ItemRow, userId: number, amount: string): Promise<ItemRow> {
      const now = clock.now();
      if (row.status !== 'live') throw nftsErrors.notLive();
      if (row.sellerUserId === userId) throw nftsErrors.ownItem();
      const s = await scale(tx, row.currency);
      const units = userAmountUnits(amount, s);
      if (units === null) throw nftsErrors.amountWrong();
      const current = row.currentBid === null ? null : fromLedger(row.currentBid, s);
      const startPrice = fromLedger(row.startPrice, s);
      const verdict = checkBid({
        amount: units,
        current,
        startPrice,
        stepBps: row.bidStepBps,
        buyNow: row.buyNow === null ? null : fromLedger(row.buyNow, s),
        startAt: row.startAt.getTime(),
        endAt: row.endAt.getTime(),
        at: now.getTime(),
      });
      if (verdict === 'not_live') throw nftsErrors.notLive();
      if (verdict === 'below_min')
        throw nftsErrors.bidTooLow(formatDecimal(minNextBid(current, startPrice, row.bidStepBps), s));
      if (verdict === 'at_buy_now') throw nftsErrors.atBuyNow();
      const end = extendedEnd(row.endAt.getTime(), now.getTime(), row.extendSeconds);
      if (end === null) throw nftsErrors.notLive();
      const extended = end !== row.endAt.getTime() ? new Date(end) : null;
      const bid = await repo.insertBid(tx, {
        itemId: row.id,
        userId,
        bidderMask: maskName(await deps.username(tx, userId)),
        amount: toLedger(units, s),
        extendedTo: extended,
        createdAt: now,
      });
      // The previous leader's hold first: a leader raising their bid can use what it held.
      await releaseLeader(tx, row);
      await hold(tx, row, nftKeys.bid(row.id, bid.id), userId, units, s);
      const after = await repo.updateItem(tx, row.id, {
        leaderUserId: userId,
        leaderBidId: bid.id,
        currentBid: toLedger(units, s),
        bids: row.bids + 1,
        endAt: extended ?? row.endAt,
        updatedAt: now,
      });
      if (row.leaderUserId !== null && row.leaderUserId !== userId && row.currentBid !== null) {
        await tell(tx, 'nftOutbid', row.leaderUserId, row, row.currentBid, s);
      }
      return after;
    },

    /**
     * Buy now on the locked item: live, not the seller's, with a buy-now price (the one the user saw
     * when given); the leader's hold released, the price held and paid to the charity at once, the
     * buyer the owner; the outbid leader and the buyer told.
     */
    async buy(tx: Executor, row: ItemRow, userId: number, price: string | undefined): Promise<ItemRow> {
      const now = clock.now();
      if (row.status !== 'live') throw nftsErrors.notLive();
      if (!(row.startAt.getTime() <= now.getTime() && now.getTime() < row.endAt.getTime())) throw nftsErrors.notLive();
      if (row.buyNow === null) throw nftsErrors.noBuyNow();
      if (row.sellerUserId === userId) throw nftsErrors.ownItem();
      const s = await scale(tx, row.currency);
      const buyNow = fromLedger(row.buyNow, s);
      if (price !== undefined && userAmountUnits(price, s) !== buyNow) throw nftsErrors.amountWrong('price');
      await releaseLeader(tx, row);
      await hold(tx, row, nftKeys.buy(row.id), userId, buyNow, s);
      const paid = await ledger.postHold(tx, {
        holdKey: nftKeys.buy(row.id),
        key: nftKeys.donation(row.id),
        to: CHARITY_ACCOUNT,
        code: NFT_CODES.donation,
        ...ref(row),
      });
      const after = await repo.updateItem(tx, row.id, {
        status: 'sold',
        leaderUserId: userId,
        leaderBidId: null,
        ownerUserId: userId,
        soldPrice: row.buyNow,
        soldAt: now,
        soldBy: 'buy_now',
        donationTransferId: paid.transfer?.id ?? null,
        settledAt: now,
        updatedAt: now,
      });
      if (row.leaderUserId !== null && row.leaderUserId !== userId && row.currentBid !== null) {
        await tell(tx, 'nftOutbid', row.leaderUserId, row, row.currentBid, s);
      }
      await tell(tx, 'nftBought', userId, row, row.buyNow, s);
      return after;
    },

    /**
     * Settles the locked item once its end has passed: a leading bid at or above the reserve is paid
     * to the charity and the leader owns the item; below it (or without a bid) nothing is sold and the
     * leader's hold is released. Returns null when there was nothing to do (settled already, not ended).
     */
    async settle(tx: Executor, row: ItemRow): Promise<{ row: ItemRow; outcome: 'sold' | 'unsold' } | null> {
      const now = clock.now();
      if (row.status !== 'live' || row.endAt.getTime() > now.getTime()) return null;
      const s = await scale(tx, row.currency);
      const current = row.currentBid === null ? null : fromLedger(row.currentBid, s);
      const outcome = settlementOutcome(current, fromLedger(row.reserve, s));
      if (outcome === 'sold' && row.leaderBidId !== null && row.leaderUserId !== null && row.currentBid !== null) {
        const paid = await ledger.postHold(tx, {
          holdKey: nftKeys.bid(row.id, row.leaderBidId),
          key: nftKeys.donation(row.id),
          to: CHARITY_ACCOUNT,
          code: NFT_CODES.donation,
          ...ref(row),
        });
        const after = await repo.updateItem(tx, row.id, {
          status: 'sold',
          ownerUserId: row.leaderUserId,
          soldPrice: row.currentBid,
          soldAt: row.endAt,
          soldBy: 'auction',
          donationTransferId: paid.transfer?.id ?? null,
          settledAt: now,
          updatedAt: now,
        });
        await tell(tx, 'nftWon', row.leaderUserId, row, row.currentBid, s);
        return { row: after, outcome };
      }
      await releaseLeader(tx, row);
      const after = await repo.updateItem(tx, row.id, { status: 'unsold', settledAt: now, updatedAt: now });
      if (row.leaderUserId !== null && row.currentBid !== null) {
        await tell(tx, 'nftUnsold', row.leaderUserId, row, row.currentBid, s);
      }
      return { row: after, outcome: 'unsold' };
    },
  };
}

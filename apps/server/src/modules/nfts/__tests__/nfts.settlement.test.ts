/**
 * Settlement by the job runner across a restart: auctions that ended while no process ran are all
 * settled by the next pass of a new service over the same database with an advanced injected clock;
 * running it again, or the old instance's job, pays nothing twice (one donation per item). The
 * ledger balances after.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createLedgerService } from '../../ledger/ledger.service.ts';
import { ledgerTransfers } from '../../ledger/ledger.tables.ts';
import { NFTS_SETTLE_JOB } from '../nfts.jobs.ts';
import { createNfts, type Nfts } from '../nfts.service.ts';
import { createNftTestApp, type NftTestApp } from './helpers.ts';

const HOUR = 3_600_000;

describe.each(DRIVERS)('charity NFT settlement on %s', (driver) => {
  let t: NftTestApp;
  beforeAll(async () => {
    t = await createNftTestApp(driver);
  });
  afterAll(async () => t?.close());

  /** Another process after a restart: its own ledger service and caches, the same database, its own clock. */
  const restarted = (clock: ManualClock): Nfts =>
    createNfts({
      db: t.database.db,
      clock,
      ledger: createLedgerService({ db: t.database.db, clock }),
      files: t.services.files,
      notify: t.services.notifications.notify,
      published: () => t.services.notifications.published(),
      username: async (exec, id) => (await t.services.users.byId(exec, id)).username,
      userExists: async () => true,
    });

  it('is a job every 5 seconds', () => {
    expect(NFTS_SETTLE_JOB).toBe('nfts.settle');
  });

  it('after downtime a new instance settles every ended auction once; a second run and the old instance do nothing', async () => {
    const now = t.clock.now().getTime();
    const sold = await t.item({ endAt: now + HOUR });
    const below = await t.item({ endAt: now + 2 * HOUR });
    const empty = await t.item({ endAt: now + 3 * HOUR });
    const a = await t.bidder('1000');
    const b = await t.bidder('1000');
    await t.bid(a.token, sold.id, '150');
    await t.bid(b.token, sold.id, '200');
    await t.bid(a.token, below.id, '120');
    const charityBefore = await t.services.nfts.charityBalance(t.database.db, 'USDT');

    // The platform was down past every end; a new process starts with its clock there.
    const clock = new ManualClock(new Date(now + 4 * HOUR));
    const second = restarted(clock);
    const first = await second.settleDue();
    expect(first.sold).toBeGreaterThanOrEqual(1);
    expect(first.unsold).toBeGreaterThanOrEqual(2);
    expect(await second.settleDue()).toEqual({ sold: 0, unsold: 0 });
    // The old instance, its clock moved on too, finds nothing left.
    t.clock.set(new Date(now + 5 * HOUR));
    expect(await t.services.nfts.settleDue()).toEqual({ sold: 0, unsold: 0 });

    const key = `nft:${await t.internalId(sold.id)}:donation`;
    const donations = await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.transferKey, key));
    expect(donations).toHaveLength(1);
    const charityAfter = await t.services.nfts.charityBalance(t.database.db, 'USDT');
    expect(Number(charityAfter) - Number(charityBefore)).toBe(200);

    expect((await t.detail(sold.id)).status).toBe('sold');
    expect((await t.detail(below.id)).status).toBe('unsold');
    expect((await t.detail(empty.id)).status).toBe('unsold');
    expect(await t.balance(a.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
    expect(await t.balance(b.id, 'real')).toEqual({ available: '800.000000', locked: '0.000000' });
    // One "won" for b, one "unsold" for a; the list's donation total is the ledger's.
    const notes = await t.call<{ list: { kind: string }[] }>('GET', '/swx/customer/user/listNotification', {
      token: b.token,
    });
    expect(notes.body.result.list.filter((n) => n.kind === 'nftWon')).toHaveLength(1);
    const list = await t.list();
    expect(list.donated.find((d) => d.currency === 'USDT')?.amount).toBe(charityAfter);
    await t.expectBalanced();
  });

  it('the job runner settles an ended auction (nfts.settle)', async () => {
    const now = t.clock.now().getTime();
    const item = await t.item({ startAt: now - 60_000, endAt: now + HOUR });
    const a = await t.bidder('1000');
    await t.bid(a.token, item.id, '160');
    t.clock.set(new Date(now + 2 * HOUR));
    await t.services.jobs.start();
    try {
      await t.services.jobs.runOnce();
      expect((await t.detail(item.id)).status).toBe('sold');
      expect((await t.services.jobs.runs(NFTS_SETTLE_JOB)).length).toBeGreaterThan(0);
    } finally {
      await t.services.jobs.stop();
    }
    await t.expectBalanced();
  });

  it('two instances settling at once: one donation', async () => {
    const now = t.clock.now().getTime();
    const item = await t.item({ startAt: now - 60_000, endAt: now + HOUR });
    const a = await t.bidder('1000');
    await t.bid(a.token, item.id, '300');
    const clock = new ManualClock(new Date(now + 2 * HOUR));
    t.clock.set(new Date(now + 2 * HOUR));
    const results = await Promise.all([restarted(clock).settleDue(), t.services.nfts.settleDue()]);
    expect(results.reduce((n, r) => n + r.sold, 0)).toBe(1);
    const key = `nft:${await t.internalId(item.id)}:donation`;
    const donations = await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.transferKey, key));
    expect(donations).toHaveLength(1);
    expect(await t.balance(a.id, 'real')).toEqual({ available: '700.000000', locked: '0.000000' });
    await t.expectBalanced();
  });
});

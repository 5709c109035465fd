import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { createTestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';

const DAY = 86_400_000;

describe.each(DRIVERS)('the market.prune-ticks job on %s', (driver) => {
  it('prunes old unpinned ticks once per period, keeping each instrument’s newest', async () => {
    const t = await createTestApp(driver);
    try {
      const { market, jobs } = t.services;
      const avax = await market.getInstrument('AVAXUSDT');
      const idsOf = async () =>
        (
          await queryRows<{ id: string | number }>(
            t.database.db,
            sql`select id from market_ticks where instrument_id = ${avax.id} order by id`,
          )
        ).map((r) => Number(r.id));

      const old = await market.publishTick({ instrumentId: avax.id, bid: '13.90', ask: '13.91' });
      const pinned = await market.publishTick({ instrumentId: avax.id, bid: '13.92', ask: '13.93' });
      await t.database.db.transaction((tx) => market.pinTick(tx, pinned.id));
      await market.flush();
      await jobs.runOnce();
      expect(await idsOf()).toEqual([old.id, pinned.id]); // nothing is old yet

      // Three days on (48 h retention): the old tick goes; the pinned one and the newest stay.
      t.clock.advance(3 * DAY);
      const newest = await market.publishTick({ instrumentId: avax.id, bid: '14.00', ask: '14.01' });
      await market.flush();
      await jobs.runOnce();
      expect(await idsOf()).toEqual([pinned.id, newest.id]);

      const runs = await jobs.runs('market.prune-ticks');
      expect(runs.length).toBe(2);
      expect(runs.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
      expect(runs[1]?.periodKey).toBe(
        new Date(Math.floor(t.clock.now().getTime() / 3_600_000) * 3_600_000).toISOString(),
      );
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { pruneAuthRecords } from '../auth.retention.ts';
import { signInFailures } from '../auth.tables.ts';

const DAY = 86_400_000;

describe.each(DRIVERS)('auth records retention on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  it("keeps an account's failures 180 days, an unknown name's one day, codes two days", async () => {
    const u = await registerUser(t);
    const wrong = (username: string) =>
      t.call('POST', '/swx/customer/login/login', { body: { username, password: 'Wrong12345' } });
    await wrong(u.username);
    await wrong('nobody_here');
    const count = async () => {
      const rows = await t.database.db.select().from(signInFailures);
      return {
        mine: rows.filter((r) => r.userId === u.id).length,
        unknown: rows.filter((r) => r.userId === null).length,
      };
    };
    expect(await count()).toEqual({ mine: 1, unknown: 1 });

    t.clock.advance(2 * DAY + 1_000);
    // The register code (sent before) is past its two days; the unknown name's failure past its one.
    const first = await pruneAuthRecords(t.database.db, t.clock);
    expect(first.codes).toBeGreaterThanOrEqual(1);
    expect(await count()).toEqual({ mine: 1, unknown: 0 });

    t.clock.advance(179 * DAY);
    await pruneAuthRecords(t.database.db, t.clock);
    expect((await count()).mine).toBe(0);
  });
});

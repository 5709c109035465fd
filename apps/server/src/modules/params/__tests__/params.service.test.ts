import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import { createParamsService, PARAMS_TTL_MS, type ParamsService } from '../params.service.ts';
import { params as paramsTable } from '../params.tables.ts';

/** Parameters as hot paths read them: kept for a short TTL, forgotten at once on `set`. */
describe.each(DRIVERS)('params service (%s)', (driver) => {
  let database: Database;
  let clock: ManualClock;
  let params: ParamsService;
  const db = () => database.db;
  /** Writes a value behind the service's back (another process, an operator's SQL). */
  const writeDirectly = (key: string, value: string) =>
    db().update(paramsTable).set({ value }).where(eq(paramsTable.key, key));

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = new ManualClock('2026-01-01T00:00:00Z');
    params = createParamsService({ db: database.db, clock });
    await params.seed(database.db);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.close();
  });

  it('keeps a value it read for the TTL, then reads again', async () => {
    expect(await params.get('demo_enabled')).toBe('true');
    await writeDirectly('demo_enabled', 'false');
    expect(await params.get('demo_enabled')).toBe('true');
    clock.advance(PARAMS_TTL_MS - 1);
    expect(await params.get('demo_enabled')).toBe('true');
    clock.advance(1);
    expect(await params.get('demo_enabled')).toBe('false');
    // A clock set back does not make an old value fresh.
    await writeDirectly('demo_enabled', 'true');
    clock.advance(-10_000);
    expect(await params.get('demo_enabled')).toBe('true');
  });

  it('forgets a key at once when this process sets it', async () => {
    expect(await params.get('cfd_stop_out_level')).toBe('');
    await params.set(db(), 'cfd_stop_out_level', '0.3');
    expect(await params.get('cfd_stop_out_level')).toBe('0.3');
    await params.set(db(), 'cfd_stop_out_level', '');
    expect(await params.get('cfd_stop_out_level')).toBe('');
    // An unknown key is remembered as absent for the TTL too, and set makes it known at once.
    expect(await params.get('bench_new_key')).toBeUndefined();
    await params.set(db(), 'bench_new_key', 'x');
    expect(await params.get('bench_new_key')).toBe('x');
  });

  it('shares one query among concurrent reads of a key, and reads every time with a TTL of 0', async () => {
    clock.advance(PARAMS_TTL_MS);
    const select = vi.spyOn(database.db, 'select');
    const values = await Promise.all(Array.from({ length: 8 }, () => params.get('site_name')));
    expect(values).toEqual(Array(8).fill('OpenBourse'));
    expect(select).toHaveBeenCalledTimes(1);
    select.mockClear();
    const uncached = createParamsService({ db: database.db, clock, ttlMs: 0 });
    await uncached.get('site_name');
    await uncached.get('site_name');
    expect(select).toHaveBeenCalledTimes(2);
    await writeDirectly('site_name', 'Elsewhere');
    expect(await uncached.get('site_name')).toBe('Elsewhere');
    select.mockRestore();
    await writeDirectly('site_name', 'OpenBourse');
  });

  it('does not keep a failed read', async () => {
    const select = vi.spyOn(database.db, 'select').mockImplementationOnce(() => {
      throw new Error('connection lost');
    });
    clock.advance(PARAMS_TTL_MS);
    await expect(params.get('support_email')).rejects.toThrow('connection lost');
    expect(await params.get('support_email')).toBe('support@openbourse.local');
    select.mockRestore();
  });
});

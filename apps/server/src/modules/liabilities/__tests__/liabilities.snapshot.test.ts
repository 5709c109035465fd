/**
 * The daily snapshot on PGlite and PostgreSQL: it matches the ledger (every user's real available +
 * locked, demo and debt left out), stays consistent while transfers run (the totals are the
 * ledger's at the snapshot: the users' total is exactly what the rest of the book is short, and
 * deposits of distinct powers of two show which of them it saw, leaf by leaf), publishes one root
 * per day however often the job runs, and every user's proof verifies against the published root,
 * with the TypeScript function and with scripts/verify-liabilities-proof.mjs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { verifyProof } from '@openbourse/contracts/liabilities-tree.ts';
import { formatDecimal } from '@openbourse/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createJobs, type Jobs } from '../../jobs/jobs.service.ts';
import { defineLiabilitiesJobs } from '../liabilities.jobs.ts';
import { liabilitiesRepository } from '../liabilities.repository.ts';
import { createLiabilities, type Liabilities } from '../liabilities.service.ts';
import { ledgerToUnits } from '../liabilities.snapshot.ts';
import { liabilitiesSnapshots } from '../liabilities.tables.ts';

const SCRIPT = fileURLToPath(new URL('../../../../../../scripts/verify-liabilities-proof.mjs', import.meta.url));
const run = promisify(execFile);

describe.each(DRIVERS)('proof of liabilities on %s', (driver) => {
  let t: TestApp;
  let liabilities: Liabilities;
  let jobs: Jobs;
  type U = { id: number; token: string };
  const users: U[] = [];
  const user = (i: number) => users[i] as U;

  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.services.jobs.stop();
    t.clock.set('2026-03-01T00:00:30Z');
    liabilities = createLiabilities({ db: t.database.db, clock: t.clock, ledger: t.services.ledger });
    jobs = createJobs({ database: t.database, clock: t.clock, options: { pollMs: 0, maintenanceSeconds: 0 } });
    defineLiabilitiesJobs(jobs, liabilities, 'liabilities.daily-test');
    await jobs.start();
    for (let i = 0; i < 5; i++) users.push(await registerUser(t));
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  const ledger = () => t.services.ledger;
  const db = () => t.database.db;
  const deposit = (userId: number, currency: string, amount: string, key: string) =>
    ledger().transfer(db(), {
      key,
      debit: { platform: 'treasury', mode: 'real' },
      credit: { userId, mode: 'real' },
      currency,
      amount,
      code: 'deposit',
    });
  /** What the ledger says each user holds (real available + locked), per currency, in minor units. */
  async function ledgerView(): Promise<Map<string, bigint>> {
    const rows = await ledger().usersMoney(db(), 'real');
    const scales = new Map((await ledger().listCurrencies(db())).map((c) => [c.code, c.scale]));
    return new Map(
      rows.map((r) => [`${r.userId}:${r.currency}`, ledgerToUnits(r.balance, scales.get(r.currency) ?? 0)]),
    );
  }
  async function drain(): Promise<number> {
    let total = 0;
    for (let i = 0; i < 20; i++) {
      const n = await jobs.runOnce();
      total += n;
      if (n === 0) break;
    }
    return total;
  }

  it('answers 40140 before the first snapshot', async () => {
    const res = await t.call('GET', '/swx/customer/index/liabilities');
    expect(res.body.code).toBe(40140);
    const proof = await t.call('GET', '/swx/customer/user/liabilitiesProof', { token: users[0]?.token as string });
    expect(proof.body.code).toBe(40140);
  });

  it('snapshots every real available + locked balance, leaving demo money and debt out', async () => {
    const [a, b, c, e] = [user(0), user(1), user(2), user(4)];
    await deposit(a.id, 'USDT', '100', 'pol-test:a:1');
    await ledger().hold(db(), {
      key: 'pol-test:a:hold',
      userId: a.id,
      mode: 'real',
      currency: 'USDT',
      amount: '30.5',
      code: 'test_hold',
    });
    await deposit(b.id, 'BTC', '0.5', 'pol-test:b:1');
    await deposit(c.id, 'USDT', '0.000001', 'pol-test:c:1');
    // Demo money is no liability; users[3] has none in the real account; e only demo.
    await ledger().fundDemoOnce(db(), e.id, '1000');

    // The daily job: one run today.
    expect(await drain()).toBe(1);
    const [snap] = await db().select().from(liabilitiesSnapshots);
    expect(snap?.day).toBe('2026-03-01');

    const view = await ledgerView();
    const expectedUsers = new Set([...view.keys()].map((k) => Number(k.split(':')[0])));
    expect(snap?.leafCount).toBe(expectedUsers.size);
    expect(expectedUsers.has(e.id)).toBe(false);
    // The totals are the ledger's, per currency.
    snap?.currencies.forEach((cur, k) => {
      const sum = [...view].filter(([key]) => key.endsWith(`:${cur.code}`)).reduce((s, [, v]) => s + v, 0n);
      expect(snap.totals[k]).toBe(String(sum));
    });

    const latest = await t.call<{ rootHash: string; totals: { currency: string; amount: string }[] }>(
      'GET',
      '/swx/customer/index/liabilities',
    );
    expect(latest.body.code).toBe(200);
    expect(latest.body.result.rootHash).toBe(snap?.rootHash);

    // a's leaf: 100 USDT (69.5 available + 30.5 locked) and nothing else.
    const proof = await t.call<Parameters<typeof verifyProof>[0]>('GET', '/swx/customer/user/liabilitiesProof', {
      token: a.token,
    });
    expect(proof.body.code).toBe(200);
    const p = proof.body.result;
    expect(p.leaf.userId).toBe(a.id);
    const usdt = p.snapshot.currencies.findIndex((x) => x.code === 'USDT');
    expect(p.leaf.balances[usdt]).toBe('100000000');
    expect(p.leaf.balances.filter((x, k) => k !== usdt && x !== '0')).toEqual([]);
    expect(verifyProof(p, { hash: latest.body.result.rootHash }).ok).toBe(true);

    // users[3] has no real account: no leaf.
    const none = await t.call('GET', '/swx/customer/user/liabilitiesProof', { token: users[3]?.token as string });
    expect(none.body.code).toBe(40141);
    expect((await t.call('GET', '/swx/customer/user/liabilitiesProof')).status).toBe(401);
  });

  it('each user gets only their own proof, and each verifies with the TypeScript function and the script', async () => {
    const root = (await liabilities.latest()).rootHash;
    const dir = await mkdtemp(path.join(tmpdir(), 'pol-'));
    for (const u of users.slice(0, 3)) {
      const res = await t.call<Parameters<typeof verifyProof>[0]>('GET', '/swx/customer/user/liabilitiesProof', {
        token: u.token,
        // Asking for another user's leaf is not a thing: the user comes from the session only.
        query: { userId: String(users[0]?.id) },
      });
      expect(res.body.result.leaf.userId).toBe(u.id);
      expect(verifyProof(res.body.result, { hash: root }).ok).toBe(true);
      const file = path.join(dir, `${u.id}.json`);
      await writeFile(file, JSON.stringify(res.body.result));
      const out = await run(process.execPath, [SCRIPT, file, root]);
      expect(out.stdout).toMatch(/\nOK\n$/);
      // Against another root, the script fails and says where.
      const bad = await run(process.execPath, [SCRIPT, file, 'f'.repeat(64)]).catch(
        (e: { code: number; stdout: string }) => e,
      );
      expect((bad as { code: number }).code).toBe(1);
      expect((bad as { stdout: string }).stdout).toMatch(/FAILED: root/);
    }
  });

  it('publishes one root per day however often the job runs, and the next day a new one', async () => {
    const before = (await liabilities.latest()).rootHash;
    // Run again the same day: the job has its row; the service itself also keeps the day's snapshot.
    expect(await drain()).toBe(0);
    const again = await liabilities.runDay('2026-03-01');
    expect(again.rootHash).toBe(before);
    expect(await db().select().from(liabilitiesSnapshots)).toHaveLength(1);

    t.clock.set('2026-03-02T00:01:00Z');
    await deposit(users[3]?.id as number, 'USDT', '7', 'pol-test:d:1');
    expect(await drain()).toBe(1);
    const history = await t.call<{ list: { day: string; leafCount: number }[] }>(
      'GET',
      '/swx/customer/index/liabilitiesHistory',
      { query: { size: '5' } },
    );
    expect(history.body.result.list.map((x) => x.day)).toEqual(['2026-03-02', '2026-03-01']);
    expect(history.body.result.list[0]?.leafCount).toBe((history.body.result.list[1]?.leafCount ?? 0) + 1);
    // The old day's proof is still served, and leaves are salted anew each day.
    const old = await liabilities.proof(users[0]?.id as number, '2026-03-01');
    const now = await liabilities.proof(users[0]?.id as number);
    expect(old.snapshot.day).toBe('2026-03-01');
    expect(now.leaf.nonce).not.toBe(old.leaf.nonce);
    // After three days down, only the current day is taken.
    t.clock.set('2026-03-05T08:00:00Z');
    expect(await drain()).toBe(1);
    expect((await liabilities.latest()).day).toBe('2026-03-05');
    expect(await repoDays()).toEqual(['2026-03-01', '2026-03-02', '2026-03-05']);
  });

  async function repoDays(): Promise<string[]> {
    return (
      await db().select({ day: liabilitiesSnapshots.day }).from(liabilitiesSnapshots).orderBy(liabilitiesSnapshots.day)
    ).map((r) => r.day);
  }

  it('is consistent while transfers run: the totals are the ledger’s at the snapshot', async () => {
    const [a, b, c] = [user(0), user(1), user(2)];
    // Enough for every move, before the race starts.
    await deposit(a.id, 'USDT', '1', 'pol-test:race:a');
    await deposit(b.id, 'USDT', '1', 'pol-test:race:b');
    const base = await ledgerView();
    const owed = (v: Map<string, bigint>, id: number) => v.get(`${id}:USDT`) ?? 0n;
    // 24 deposits of 2^k units, each to a known user, and transfers between users that keep the total.
    const deposits = Array.from({ length: 24 }, (_, k) => ({ k, user: users[k % 3] as { id: number } }));
    const moves = Array.from({ length: 30 }, (_, k) => k);
    const work = Promise.all([
      ...deposits.map(({ k, user }) =>
        deposit(user.id, 'USDT', formatDecimal(2n ** BigInt(k), 6), `pol-test:race:${k}`),
      ),
      ...moves.map((k) =>
        ledger()
          .transfer(db(), {
            key: `pol-test:move:${k}`,
            debit: { userId: k % 2 ? a.id : b.id, mode: 'real' },
            credit: { userId: c.id, mode: 'real' },
            currency: 'USDT',
            amount: '0.01',
            code: 'test_move',
          })
          .then(() => undefined),
      ),
    ]);
    t.clock.set('2026-03-06T00:00:10Z');
    // Mid-flight: the snapshot's own check (users' total = minus the rest of the real book) throws if not consistent.
    const taken = await liabilities.runDay('2026-03-06');
    await work;

    const usdt = taken.currencies.findIndex((x) => x.code === 'USDT');
    const total = BigInt(taken.totals[usdt] as string);
    const baseTotal = [...base].filter(([key]) => key.endsWith(':USDT')).reduce((s, [, v]) => s + v, 0n);
    // The deposits it saw, read from the total's bits (transfers between users do not change it).
    const seen = total - baseTotal;
    expect(seen >= 0n && seen < 2n ** 24n).toBe(true);
    // Each user's leaf: their base + the deposits seen that were theirs + the net of the moves it saw.
    // Moves are 0.01 (10,000 units) each: what remains after the deposits seen must be a whole number of them.
    for (const u of [a, b, c]) {
      const proof = await liabilities.proof(u.id, '2026-03-06');
      expect(verifyProof(proof, { hash: taken.rootHash }).ok).toBe(true);
      const mine = deposits
        .filter((d) => d.user.id === u.id && (seen >> BigInt(d.k)) & 1n)
        .reduce((s, d) => s + 2n ** BigInt(d.k), 0n);
      const rest = BigInt(proof.leaf.balances[usdt] as string) - owed(base, u.id) - mine;
      expect(rest % 10_000n).toBe(0n);
    }
    // And once everything has landed, a fresh snapshot sees all of it.
    t.clock.set('2026-03-07T00:00:10Z');
    const after = await liabilities.runDay('2026-03-07');
    expect(BigInt(after.totals[usdt] as string) - baseTotal).toBe(2n ** 24n - 1n);
    const row = await db().select().from(liabilitiesSnapshots).where(eq(liabilitiesSnapshots.day, '2026-03-07'));
    expect(row).toHaveLength(1);
    const n = await liabilitiesRepository.leafCountWritten(db(), after.id);
    expect(n).toBe(after.leafCount);
  });
});

/**
 * The proof a process forwards a user's request with (cluster.proof.ts): the secret every process
 * shares from the database, and the checks on the receiving side (forged, stale, replayed, changed
 * request, a client sending the header itself).
 */
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import { users } from '../../users/users.tables.ts';
import {
  createInternalProof,
  INTERNAL_HEADER,
  type InternalProof,
  loadClusterSecret,
  proofMac,
} from '../cluster.proof.ts';
import { clusterSecret } from '../cluster.tables.ts';

describe.each(DRIVERS)('the cluster secret on %s', (driver) => {
  it('concurrent first starts store one secret, and every process reads that one', async () => {
    const database = await openTestDatabase(driver);
    try {
      const clock = new ManualClock(new Date());
      const secrets = await Promise.all(Array.from({ length: 8 }, () => loadClusterSecret(database.db, clock)));
      expect(new Set(secrets.map((s) => s.toString('hex'))).size).toBe(1);
      expect(secrets[0]?.length).toBe(32);
      expect(await database.db.select().from(clusterSecret)).toHaveLength(1);
      expect((await loadClusterSecret(database.db, clock)).equals(secrets[0] as Buffer)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('internal proofs', () => {
  let t: TestApp;
  let sender: InternalProof;
  let receiver: InternalProof;
  let user: { id: number; token: string };
  const make = () =>
    createInternalProof({ db: t.database.db, clock: t.clock, limiter: t.services.limiter, users: t.services.users });
  const request = (body = '{"pairId":1}') => ({ method: 'POST', url: '/swx/customer/order/submit', body });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (e: { code?: number; httpStatus?: number }) => [e.code, e.httpStatus],
    );

  beforeAll(async () => {
    t = await createTestApp('pglite');
    // Two services over one database and one limiter stand for two processes.
    sender = make();
    receiver = make();
    const u = await registerUser(t);
    user = { id: u.id, token: u.token };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('proves the user and the account mode to another process, once', async () => {
    const header = await sender.sign({ ...request(), userId: user.id, mode: 'demo' });
    const proven = await receiver.verify(header, request());
    expect(proven.mode).toBe('demo');
    expect(proven.user).toMatchObject({ id: user.id, sessionId: 0 });
    expect(proven.user.username).toMatch(/^user/);
    // Replayed, on either process: refused.
    expect(await refusal(receiver.verify(header, request()))).toEqual([ErrorCode.Unauthorized, 401]);
    expect(await refusal(sender.verify(header, request()))).toEqual([ErrorCode.Unauthorized, 401]);
  });

  it('refuses a proof for another body, path, method, user or mode', async () => {
    const header = await sender.sign({ ...request(), userId: user.id, mode: 'real' });
    const [id, mode, ts, mac] = header.split('.') as [string, string, string, string];
    const cases: [string, { method: string; url: string; body: string }][] = [
      [header, request('{"pairId":2}')],
      [header, { ...request(), url: '/swx/customer/order/chedan' }],
      [header, { ...request(), method: 'PUT' }],
      [`${Number(id) + 1}.${mode}.${ts}.${mac}`, request()],
      [`${id}.demo.${ts}.${mac}`, request()],
    ];
    for (const [h, r] of cases) expect(await refusal(receiver.verify(h, r))).toEqual([ErrorCode.Unauthorized, 401]);
    // None of those burnt it: the request it was made for still passes.
    expect((await receiver.verify(header, request())).user.id).toBe(user.id);
  });

  it('refuses a forged or malformed proof', async () => {
    const ts = String(t.clock.now().getTime());
    const forged = proofMac(Buffer.alloc(32, 7), { ...request(), userId: user.id, mode: 'real' }, ts);
    for (const h of [
      `${user.id}.real.${ts}.${forged}`,
      `${user.id}.real.${ts}.${'0'.repeat(64)}`,
      `${user.id}.real.${ts}`,
      `${user.id}.live.${ts}.${forged}`,
      `0.real.${ts}.${forged}`,
      '',
      'x'.repeat(500),
    ]) {
      expect(await refusal(receiver.verify(h, request()))).toEqual([ErrorCode.Unauthorized, 401]);
    }
  });

  it('refuses a stale proof and one from too far ahead', async () => {
    const old = await sender.sign({ ...request(), userId: user.id, mode: 'real' });
    t.clock.advance(10_001);
    expect(await refusal(receiver.verify(old, request()))).toEqual([ErrorCode.Unauthorized, 401]);
    const ahead = await sender.sign({ ...request(), userId: user.id, mode: 'real' });
    t.clock.advance(-2_001 - 1);
    expect(await refusal(receiver.verify(ahead, request()))).toEqual([ErrorCode.Unauthorized, 401]);
    t.clock.advance(2_002);
  });

  it('refuses a proof for a disabled user', async () => {
    const other = await registerUser(t);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, other.id));
    const header = await sender.sign({ ...request(), userId: other.id, mode: 'real' });
    expect(await refusal(receiver.verify(header, request()))).toEqual([ErrorCode.Unauthorized, 401]);
  });

  it('through the API: a proof acts as the user once; a client sending the header itself gets 401', async () => {
    const body = JSON.stringify({ pairId: 1, side: 'buy', price: '1', quantity: '1000000' });
    const submit = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/swx/customer/order/submit',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const header = await sender.sign({ ...request(body), userId: user.id, mode: 'real' });
    // Authenticated as the user (no token): the order is refused for the balance, not for the caller.
    const first = await submit({ [INTERNAL_HEADER]: header });
    expect(first.statusCode).toBe(200);
    expect(first.json().code).not.toBe(ErrorCode.Unauthorized);
    const refusedHeaders: Record<string, string>[] = [
      { [INTERNAL_HEADER]: header },
      // A valid session does not make a bad proof pass.
      { [INTERNAL_HEADER]: header, authorization: user.token },
      { [INTERNAL_HEADER]: `${user.id}.real.${t.clock.now().getTime()}.${'a'.repeat(64)}` },
    ];
    for (const headers of refusedHeaders) {
      const res = await submit(headers);
      expect([res.statusCode, res.json().code]).toEqual([401, ErrorCode.Unauthorized]);
    }
    // On a public route too.
    const pub = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/index/listSpotPair',
      headers: { [INTERNAL_HEADER]: 'forged' },
    });
    expect([pub.statusCode, pub.json().code]).toEqual([401, ErrorCode.Unauthorized]);
  });
});

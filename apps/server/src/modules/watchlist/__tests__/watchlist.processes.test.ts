/**
 * Price alerts across real server processes on one PostgreSQL and one Redis: an alert set through
 * a process that does not evaluate alerts is heard by the one that does, fires once at the owner's
 * tick and is pushed to sockets on both; after a SIGKILL of the evaluator, the other process takes
 * its lease over, loads the waiting alerts and fires them.
 */
import type { PriceAlert, PriceAlertsResult } from '@openbourse/contracts/watchlist.ts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ClusterNode,
  createClusterStore,
  eventually,
  REDIS_URL,
  registerOnNode,
  startNode,
} from '../../../test/cluster.ts';
import { PG_URL } from '../../../test/db.ts';
import { connectSocket } from '../../../test/socket.ts';

type Store = Awaited<ReturnType<typeof createClusterStore>>;
type Owns = { feed: boolean; engine: boolean; alerts: boolean };

const running: ClusterNode[] = [];
const stores: Store[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((n) => n.kill('SIGKILL')));
  await Promise.all(stores.splice(0).map((s) => s.drop()));
});

describe.skipIf(!PG_URL || !REDIS_URL)('price alerts across server processes', () => {
  it('fire once on the evaluating process, push to both, and move with the lease after a SIGKILL', async () => {
    const s = await createClusterStore();
    stores.push(s);
    const b = await startNode('b', s); // first up: owns the feed, the engine and the alerts
    running.push(b);
    const a = await startNode('a', s);
    running.push(a);
    expect(await b.command<Owns>({ cmd: 'status' })).toMatchObject({ feed: true, alerts: true });
    expect(await a.command<Owns>({ cmd: 'status' })).toMatchObject({ feed: false, alerts: false });
    const [eth] = await s.query<{ id: number }>(`select id from market_instruments where code = 'ETHUSDT'`);
    const instrumentId = eth!.id;

    const { token } = await registerOnNode(s, a, `alerts${Date.now().toString(36)}`);
    const onA = await connectSocket(`ws://${a.base.slice('http://'.length)}/message`);
    const onB = await connectSocket(`ws://${b.base.slice('http://'.length)}/message`);
    expect(await onA.auth(token)).toBe(true);
    expect(await onB.auth(token)).toBe(true);

    // Set through a, once a has heard b's tick (its quote is what the alert is checked against).
    await b.command({ cmd: 'tick', instrumentId, bid: '3200.00', ask: '3200.50' });
    const setOn = async (n: ClusterNode, price: string): Promise<PriceAlert> =>
      eventually<PriceAlert | null>(
        async () => {
          const res = await n.call<PriceAlert>('POST', '/swx/customer/user/addPriceAlert', {
            token,
            body: { instrumentId, condition: 'above', price },
          });
          return res.code === 200 ? res.result : null;
        },
        5000,
        'the alert set',
      ) as Promise<PriceAlert>;
    const alert = await setOn(a, '3300');
    await eventually(
      async () => {
        const [row] = await s.query<{ n: string }>(
          `select count(*) as n from event_outbox where topic = 'watchlist.alerts' and published_at is not null`,
        );
        return Number(row?.n) > 0;
      },
      5000,
      'the alert event published',
    );
    await new Promise((r) => setTimeout(r, 300));

    const crossing = await b.command<{ id: number }>({ cmd: 'tick', instrumentId, bid: '3400.00', ask: '3400.50' });
    const isNote = (f: Record<string, unknown>) => f.ch === 'notifications' && typeof f.id === 'number';
    const pushedA = await onA.next(isNote, 8000);
    const pushedB = await onB.next(isNote, 8000);
    expect(pushedA).toEqual(pushedB);
    const listed = await a.call<PriceAlertsResult>('GET', '/swx/customer/user/listPriceAlert', { token });
    expect(listed.result.fired).toMatchObject([{ id: alert.id, firedTickId: crossing.id, firedPrice: '3400.25' }]);
    const notes = await s.query<{ n: string }>(`select count(*) as n from notifications where kind = 'priceAlert'`);
    expect(Number(notes[0]?.n)).toBe(1);
    onA.ws.close();
    onB.ws.close();

    // The evaluator dies: a takes the leases over and fires what waits, loaded from the database.
    const waiting = await setOn(a, '3500');
    await b.kill('SIGKILL');
    await eventually(async () => (await a.command<Owns>({ cmd: 'status' })).alerts, 15_000, 'a holding the alerts');
    await eventually(async () => (await a.command<Owns>({ cmd: 'status' })).feed, 15_000, 'a owning the feed');
    const later = await a.command<{ id: number }>({ cmd: 'tick', instrumentId, bid: '3600.00', ask: '3600.50' });
    await eventually(
      async () => {
        const res = await a.call<PriceAlertsResult>('GET', '/swx/customer/user/listPriceAlert', { token });
        return res.result.fired.find((f) => f.id === waiting.id)?.firedTickId === later.id;
      },
      8000,
      'the waiting alert fired by a',
    );
    const after = await s.query<{ n: string }>(`select count(*) as n from notifications where kind = 'priceAlert'`);
    expect(Number(after[0]?.n)).toBe(2);
  });
});

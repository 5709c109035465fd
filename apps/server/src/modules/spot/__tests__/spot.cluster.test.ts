/**
 * Spot commands on a process that does not own the books (forwarded to the owner with the cluster's
 * proof of the user, whether they signed in with a session or an API key). The spot books after a crash: a real server process on PostgreSQL is SIGKILLed during a burst of
 * crossing orders; the next process rebuilds the books from the database. Nothing acknowledged is
 * lost, no fill is written twice or settled by half, the ledger balances, and the rebuilt book
 * matches in the price-time priority the database records. Runs when TEST_DATABASE_URL is given.
 */
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
import { sign } from '../../apikeys/apikeys.signing.ts';
import { INTERNAL_HEADER } from '../../cluster/cluster.proof.ts';

type Store = Awaited<ReturnType<typeof createClusterStore>>;
const running: ClusterNode[] = [];
const stores: Store[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((n) => n.kill('SIGKILL')));
  await Promise.all(stores.splice(0).map((s) => s.drop()));
});

describe.skipIf(!PG_URL || !REDIS_URL)('spot books across processes', () => {
  it('takes orders (signed with a session or an API key) and cancels on a process that does not own the books, and pushes the book from both', async () => {
    const s = await createClusterStore();
    stores.push(s);
    const a = await startNode('a', s);
    running.push(a);
    await eventually(
      async () => (await a.command<{ spot: boolean }>({ cmd: 'status' })).spot,
      15_000,
      'the spot lease',
    );
    const b = await startNode('b', s);
    running.push(b);
    expect((await b.command<{ spot: boolean }>({ cmd: 'status' })).spot).toBe(false);
    const pairs = await b.call<{ id: number; symbol: string }[]>('GET', '/swx/customer/index/listSpotPair');
    const btc = pairs.result.find((p) => p.symbol === 'BTC/USDT')?.id as number;
    const tag = Date.now().toString(36);
    const seller = await registerOnNode(s, b, `fwd${tag}s`);
    const buyer = await registerOnNode(s, a, `fwd${tag}b`);
    await a.command({ cmd: 'give', userId: seller.id, currency: 'BTC', amount: '1', key: `fwd-btc-${seller.id}` });
    await a.command({ cmd: 'give', userId: buyer.id, currency: 'USDT', amount: '100000', key: `fwd-usdt-${buyer.id}` });
    const watcher = await connectSocket(`${b.base.replace('http', 'ws')}/message`);
    watcher.ws.send(JSON.stringify({ op: 'sub', ch: 'spot', pairId: btc, mode: 'real' }));
    await new Promise((r) => setTimeout(r, 100));

    // Placed through b: b does not own the books, a does; the answer is a's.
    const ask = await b.call<{ id: number; status: number }>('POST', '/swx/customer/order/submit', {
      token: seller.token,
      body: { pairId: btc, side: 'sell', price: '95000', quantity: '0.4' },
    });
    expect(ask.code, JSON.stringify(ask)).toBe(200);
    expect(ask.result.status).toBe(1);
    expect(await watcher.next((f) => f.ch === 'spot.book')).toMatchObject({ asks: [['95000', '0.4']] });
    // Refusals come back as they are.
    const refused = await b.call('POST', '/swx/customer/order/submit', {
      token: seller.token,
      body: { pairId: btc, side: 'sell', price: '95000', quantity: '5' },
    });
    expect(refused).toMatchObject({ code: 10011, result: null });
    const bought = await a.call<{ status: number; filledQuantity: string }>('POST', '/swx/customer/order/submit', {
      token: buyer.token,
      body: { pairId: btc, side: 'buy', type: 'market', quantity: '0.1' },
    });
    expect(bought.result).toMatchObject({ status: 3, filledQuantity: '0.1' });

    // The buyer's bot, signing with an API key, trades through b: b checks the signature and the key's
    // scope, then forwards with the cluster's proof of the user (not the spent signature); a fills it.
    const created = await b.call<{ key: { keyId: string }; secret: string }>('POST', '/swx/customer/apiKey/create', {
      token: buyer.token,
      body: { label: 'bot', scopes: ['read', 'trade'], password: 'Secret123' },
    });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const submitUrl = '/swx/customer/order/submit';
    const raw = JSON.stringify({ pairId: btc, side: 'buy', type: 'market', quantity: '0.1' });
    const timestamp = String(Date.now());
    const signedHeaders = {
      'content-type': 'application/json',
      'x-ob-key': created.result.key.keyId,
      'x-ob-timestamp': timestamp,
      'x-ob-signature': sign(created.result.secret, timestamp, 'POST', submitUrl, raw),
    };
    const post = async (base: string, headers: Record<string, string>) => {
      const res = await fetch(`${base}${submitUrl}`, { method: 'POST', headers, body: raw });
      return { status: res.status, body: (await res.json()) as { code: number; result: unknown } };
    };
    const bot = await post(b.base, signedHeaders);
    expect(bot.body.code, JSON.stringify(bot.body)).toBe(200);
    expect(bot.body.result).toMatchObject({ status: 3, filledQuantity: '0.1' });
    // The same signed request again is a replay (refused by b, nothing forwarded).
    const replayed = await post(b.base, signedHeaders);
    expect([replayed.status, replayed.body.code]).toEqual([401, 40135]);
    // A client that sends the proof header itself, to the owner or through b, is refused.
    const forged = `${buyer.id}.real.${Date.now()}.${'0'.repeat(64)}`;
    for (const node of [a, b]) {
      const res = await post(node.base, { 'content-type': 'application/json', [INTERNAL_HEADER]: forged });
      expect([res.status, res.body.code]).toEqual([401, 401]);
    }
    const cancelled = await b.call<{ status: number; filledQuantity: string }>('POST', '/swx/customer/order/chedan', {
      token: seller.token,
      body: { id: ask.result.id, kind: 'spot' },
    });
    expect(cancelled.result).toMatchObject({ status: 2, filledQuantity: '0.2' });
    expect((await b.command<{ ok: boolean }>({ cmd: 'trialBalance' }, 30_000)).ok).toBe(true);
    watcher.ws.close();
  }, 120_000);

  it('loses no acknowledged order, duplicates and halves no fill, balances the ledger, and rebuilds the book', async () => {
    const s = await createClusterStore();
    stores.push(s);
    const a = await startNode('a', s);
    running.push(a);
    await eventually(
      async () => (await a.command<{ spot: boolean }>({ cmd: 'status' })).spot,
      15_000,
      'the spot lease',
    );
    const pairs = await a.call<{ id: number; symbol: string }[]>('GET', '/swx/customer/index/listSpotPair');
    const btc = pairs.result.find((p) => p.symbol === 'BTC/USDT')?.id as number;
    const tag = Date.now().toString(36);
    const users: { id: number; token: string }[] = [];
    for (let i = 0; i < 6; i++) users.push(await registerOnNode(s, a, `crash${tag}${i}`));
    for (const u of users) {
      await a.command({ cmd: 'give', userId: u.id, currency: 'BTC', amount: '50', key: `crash-btc-${u.id}` });
      await a.command({ cmd: 'give', userId: u.id, currency: 'USDT', amount: '5000000', key: `crash-usdt-${u.id}` });
    }

    // A burst of crossing limit orders around 95,000 from six users; the process dies in the middle.
    const acknowledged: number[] = [];
    let sent = 0;
    const burst = Array.from({ length: 600 }, (_, i) => {
      const u = users[i % users.length] as (typeof users)[number];
      const side = i % 2 ? 'buy' : 'sell';
      const price = String(95_000 + ((i * 7919) % 41) - 20);
      const quantity = `0.${String(1 + ((i * 31) % 50)).padStart(4, '0')}`;
      return async () => {
        sent += 1;
        const r = await a
          .call<{ id: number }>('POST', '/swx/customer/order/submit', {
            token: u.token,
            body: { pairId: btc, side, price, quantity },
          })
          .catch(() => null);
        if (r?.code === 200) acknowledged.push(r.result.id);
      };
    });
    const inFlight = burst.map((f, i) => new Promise<void>((resolve) => setTimeout(() => void f().then(resolve), i)));
    await eventually(() => acknowledged.length >= 150, 30_000, '150 acknowledged orders');
    await a.kill('SIGKILL');
    running.splice(running.indexOf(a), 1);
    await Promise.all(inFlight);
    expect(sent).toBeGreaterThan(150);

    const b = await startNode('b', s);
    running.push(b);
    await eventually(
      async () => (await b.command<{ spot: boolean }>({ cmd: 'status' })).spot,
      15_000,
      'the spot lease on b',
    );

    // Every acknowledged order is there.
    const stored = await s.query<{ public_id: string }>('select public_id from spot_orders');
    const ids = new Set(stored.map((r) => Number(r.public_id)));
    for (const id of acknowledged) expect(ids.has(id)).toBe(true);

    // Each order agrees with its fills and its hold (an order that ended in the batch it came in has
    // none); no pair of orders traded twice.
    const bad = await s.query(`
      with f as (
        select o.id, coalesce(sum(x.qty_lots), 0) as lots, coalesce(sum(x.turnover), 0) as turnover
        from spot_orders o left join spot_fills x on x.taker_order_id = o.id or x.maker_order_id = o.id group by o.id)
      select o.id, o.status, o.filled_lots, f.lots, o.turnover, f.turnover as t2, o.held, h.remaining, h.status as hs
      from spot_orders o join f on f.id = o.id left join ledger_holds h on h.hold_key = 'spot:' || o.id
      where o.filled_lots <> f.lots or o.turnover <> f.turnover or coalesce(h.remaining, 0) <> o.held
        or (o.status = 'open' and (h.status is distinct from 'pending' or o.filled_lots >= o.qty_lots))
        or (o.status = 'filled' and o.filled_lots <> o.qty_lots) or (o.status <> 'open' and h.remaining <> 0)`);
    expect(bad).toEqual([]);
    const [dupes] = await s.query<{ n: string }>(
      'select count(*) - count(distinct (taker_order_id, maker_order_id)) as n from spot_fills',
    );
    expect(Number(dupes?.n)).toBe(0);
    const [fills] = await s.query<{ n: string }>('select count(*) as n from spot_fills');
    expect(Number(fills?.n)).toBeGreaterThan(0);
    const tb = await b.command<{ ok: boolean }>({ cmd: 'trialBalance' }, 30_000);
    expect(tb, JSON.stringify(tb)).toMatchObject({ ok: true });

    // The rebuilt book: a market buy sweeping the three best asks meets them in price-time priority.
    const asks = await s.query<{ id: string; price_ticks: string; rest: string }>(
      `select id, price_ticks, qty_lots - filled_lots as rest from spot_orders
       where pair_id = $1 and mode = 'real' and status = 'open' and side = 'sell' order by price_ticks, book_seq limit 3`,
      [btc],
    );
    expect(asks.length).toBe(3);
    const lots = asks.reduce((n, r) => n + Number(r.rest), 0);
    const taker = await registerOnNode(s, b, `crash${tag}t`);
    await b.command({
      cmd: 'give',
      userId: taker.id,
      currency: 'USDT',
      amount: '5000000',
      key: `crash-usdt-${taker.id}`,
    });
    const sweep = await b.call<{ id: number; filledQuantity: string }>('POST', '/swx/customer/order/submit', {
      token: taker.token,
      body: { pairId: btc, side: 'buy', type: 'market', quantity: (lots / 10_000).toFixed(4) },
    });
    expect(sweep.code, JSON.stringify(sweep)).toBe(200);
    const made = await s.query<{ maker_order_id: string }>(
      `select f.maker_order_id from spot_fills f join spot_orders o on o.id = f.taker_order_id
       where o.public_id = $1 order by f.id`,
      [sweep.result.id],
    );
    expect(made.map((m) => m.maker_order_id)).toEqual(asks.map((r) => r.id));
    expect((await b.command<{ ok: boolean }>({ cmd: 'trialBalance' }, 30_000)).ok).toBe(true);
  }, 180_000);
});

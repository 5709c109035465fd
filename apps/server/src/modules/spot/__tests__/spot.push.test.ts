import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, messageUrl } from '../../../test/socket.ts';
import { createSpotTestApp, type SpotTestApp } from './helpers.ts';

/** /message: a book's subscribers get each change with the next number; owners hear of their orders. */
describe('spot pushes on /message', () => {
  let t: SpotTestApp;
  let url: string;
  let btc: number;
  beforeAll(async () => {
    t = await createSpotTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = messageUrl(t.app.server);
    btc = await t.pairId('BTC/USDT');
  });
  afterAll(async () => t?.close());

  it('sends levels that changed and trades with consecutive numbers, and stops after unsub', async () => {
    const seller = await t.user();
    const buyer = await t.user();
    await t.give(seller.id, 'BTC', '1');
    await t.give(buyer.id, 'USDT', '100000');
    const watcher = await connectSocket(url);
    const owner = await connectSocket(url);
    expect(await owner.auth(seller.token)).toBe(true);
    watcher.ws.send(JSON.stringify({ op: 'sub', ch: 'spot', pairId: btc, mode: 'real' }));
    // The demo book is another topic: nothing from it reaches this subscriber.
    await new Promise((r) => setTimeout(r, 50));
    const snapshot = (await t.depth(btc)).result;

    const ask = await t.submit(seller.token, { pairId: btc, side: 'sell', price: '95000', quantity: '0.5' });
    const first = await watcher.next((f) => f.ch === 'spot.book');
    expect(first).toMatchObject({
      pairId: btc,
      mode: 'real',
      seq: snapshot.seq + 1,
      asks: [['95000', '0.5']],
      bids: [],
    });
    const mine = await owner.next((f) => f.ch === 'spot.orders');
    expect(mine).toMatchObject({ mode: 'real', ids: [ask.result.id] });

    await t.submit(buyer.token, { pairId: btc, side: 'buy', type: 'market', quantity: '0.2' });
    const second = await watcher.next((f) => f.ch === 'spot.book');
    expect(second).toMatchObject({ seq: snapshot.seq + 2, asks: [['95000', '0.3']] });
    const trades = (await t.trades(btc)).result;
    expect(second.trades).toEqual([
      { id: trades[0]?.id, price: '95000', quantity: '0.2', side: 'buy', time: expect.any(Number) },
    ]);
    // The maker's owner hears of the fill too.
    expect(await owner.next((f) => f.ch === 'spot.orders')).toMatchObject({ ids: [ask.result.id] });

    watcher.ws.send(JSON.stringify({ op: 'unsub', ch: 'spot', pairId: btc, mode: 'real' }));
    await new Promise((r) => setTimeout(r, 50));
    await t.cancelSpot(seller.token, ask.result.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(watcher.frames.filter((f) => f.ch === 'spot.book')).toEqual([]);
    for (const c of [watcher, owner]) c.ws.close();
  });

  it('counts malformed and excess subscriptions as junk and closes the socket', async () => {
    const s = await connectSocket(url);
    const closed = new Promise<number>((resolve) => s.ws.once('close', (code) => resolve(code)));
    for (let i = 1; i <= 8; i++) s.ws.send(JSON.stringify({ op: 'sub', ch: 'spot', pairId: i, mode: 'real' }));
    s.ws.send(JSON.stringify({ op: 'sub', ch: 'spot', pairId: 9, mode: 'real' }));
    s.ws.send(JSON.stringify({ op: 'sub', ch: 'spot', pairId: -1, mode: 'real' }));
    s.ws.send(JSON.stringify({ op: 'sub', ch: 'spot', pairId: 1, mode: 'other' }));
    expect(await closed).toBe(1008);
  });
});

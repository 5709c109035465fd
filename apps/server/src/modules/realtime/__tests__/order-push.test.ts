import type { OrderPush, UOrder } from '@openbourse/contracts/trading.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, messageUrl } from '../../../test/socket.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

/** Private pushes on /message: a signed-in socket hears about its owner's orders, and only those. */
describe('WebSocket /message order pushes', () => {
  let t: TradingTestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTradingTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = messageUrl(t.app.server);
  });
  afterAll(async () => t?.close());

  const connect = () => connectSocket(url);

  const open = (token: string, body: Record<string, unknown>) =>
    t.post<UOrder>('buyU', token, body, true).then((r) => {
      expect(r.code, JSON.stringify(r)).toBe(200);
      return r.result;
    });

  it('pushes the owner’s order events, a take profit with the tick that fired it, to signed-in sockets only', async () => {
    const owner = await t.user();
    const other = await t.user();
    const mine = await connect();
    const theirs = await connect();
    const anonymous = await connect();
    expect(await mine.auth(owner.token)).toBe(true);
    expect(await theirs.auth(other.token)).toBe(true);
    expect(await anonymous.auth('not-a-token')).toBe(false);

    await t.tick('ADAUSDT', '0.9990', '1.0000');
    const inst = await t.inst('ADAUSDT');
    const pos = await open(owner.token, {
      instrumentId: inst.id,
      side: 'buy',
      lots: '100',
      leverage: 5,
      takeProfit: '1.1000',
    });
    const opened = (await mine.next((f) => f.ch === 'orders' && f.event === 'opened')) as OrderPush;
    expect(opened).toMatchObject({ id: pos.id, orderNo: pos.orderNo, mode: 'demo', state: 'open', reason: 'market' });

    const hit = await t.tick('ADAUSDT', '1.1000', '1.1010');
    const closed = (await mine.next((f) => f.ch === 'orders' && f.event === 'closed')) as OrderPush;
    expect(closed).toMatchObject({
      id: pos.id,
      state: 'closed',
      reason: 'takeProfit',
      price: '1.1000',
      tickId: hit.id,
    });

    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.frames.filter((f) => f.ch === 'orders')).toEqual([]);
    expect(anonymous.frames.filter((f) => f.ch === 'orders')).toEqual([]);
    for (const c of [mine, theirs, anonymous]) c.ws.close();
  });

  it('stops pushing after a logout (the token is checked again) and after signing the socket out', async () => {
    const u = await t.user();
    const a = await connect();
    const b = await connect();
    expect(await a.auth(u.token)).toBe(true);
    expect(await b.auth(u.token)).toBe(true);
    await b.auth(null);
    const inst = await t.inst('ADAUSDT');
    await t.tick('ADAUSDT', '0.9990', '1.0000');
    const order = await open(u.token, {
      instrumentId: inst.id,
      side: 'buy',
      type: 'limit',
      price: '0.5000',
      lots: '10',
      leverage: 2,
    });
    await a.next((f) => f.ch === 'orders' && f.event === 'placed' && f.id === order.id);
    expect(b.frames.filter((f) => f.ch === 'orders')).toEqual([]);

    const out = await t.call('POST', '/swx/customer/login/logout', { token: u.token });
    expect(out.body.code).toBe(200);
    // The order's cancel cannot be asked for any more (401), and nothing else is pushed to the socket.
    const other = await t.user();
    expect(await a.auth(other.token)).toBe(true);
    await a.auth(null);
    await new Promise((r) => setTimeout(r, 50));
    const frames = a.frames.filter((f) => f.ch === 'orders');
    expect(frames).toEqual([]);
    a.ws.close();
    b.ws.close();
  });
});

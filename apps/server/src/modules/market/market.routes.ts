import { Candle, KLineQuery, ListMarketQuery, MarketInfo, Quote, RecordedTick } from '@openbourse/contracts/market.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { marketErrors } from './market.errors.ts';
import { typed } from '../../http/typed.ts';
import type { MarketService, QuoteList } from './market.service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Each snapshot's answer per language, made when first asked for (gone with the snapshot). */
const envelopes = new WeakMap<QuoteList, Map<string, Buffer>>();

/** `ok(req, list.quotes)` as the envelope schema serialises it, from the snapshot's JSON. */
function envelopeBytes(list: QuoteList, req: FastifyRequest): Buffer {
  let byLang = envelopes.get(list);
  if (!byLang) {
    byLang = new Map();
    envelopes.set(list, byLang);
  }
  let bytes = byLang.get(req.lang);
  if (!bytes) {
    const { code, msg } = ok(req, null);
    bytes = Buffer.from(`{"code":${code},"msg":${JSON.stringify(msg)},"result":${list.json}}`);
    byLang.set(req.lang, bytes);
  }
  return bytes;
}

/** Public market data (no login): quotes by market type, one instrument, K-lines. */
export async function marketRoutes(app: FastifyInstance, deps: { market: MarketService }) {
  const r = typed(app);

  r.get(
    '/swx/customer/index/listMarketByType',
    {
      config: { scope: 'read' },
      schema: {
        tags: ['market'],
        summary: 'Quotes of one market type: 1 forex/metals, 2 crypto, 3 stocks, 4 futures, 5 ETF',
        description:
          'change, high, low and volume are over the last 24 hours (rolling). `simulated` is true while the ' +
          'simulated feed prices the instrument. Live updates arrive on the WebSocket /message as bare JSON arrays.',
        querystring: ListMarketQuery,
        response: { 200: envelope(z.array(Quote)) },
      },
    },
    // The snapshot's bytes, not the schema's serialiser: the same JSON (market.snapshot.test.ts), made
    // once per quote change and language instead of once per request. Compression and the security
    // headers still apply (onSend hooks).
    async (req, reply) => {
      const list = await deps.market.quoteList(req.query.type);
      // Bytes bypass the typed reply (and its serialiser) by design.
      return (reply as FastifyReply).type(JSON_TYPE).send(envelopeBytes(list, req));
    },
  );

  r.get(
    '/swx/customer/index/getMarketInfo/:id',
    {
      config: { scope: 'read' },
      schema: {
        tags: ['market'],
        summary: 'One instrument by id (or code): contract terms, trading session and current quote',
        description: 'Unknown or disabled instrument → 80005.',
        params: z.object({
          id: z
            .string()
            .max(32)
            .regex(/^(\d{1,9}|[A-Za-z][A-Za-z0-9._-]*)$/),
        }),
        response: { 200: envelope(MarketInfo) },
      },
    },
    async (req) => ok(req, await deps.market.marketInfo(req.params.id)),
  );

  r.get(
    '/swx/customer/index/getKValueByCodeAndDate',
    {
      config: { scope: 'read' },
      schema: {
        tags: ['market'],
        summary: 'K-lines (candles) of an instrument by code and period, oldest first',
        description:
          'period: 1m 5m 15m 30m 1h 4h 1d (another value → 10017). from/to: epoch ms or ISO-8601, both optional ' +
          '(default: up to now); the answer is the latest `limit` candles (default 300, at most 1000) in the range. ' +
          'Unknown code → 80005.',
        querystring: KLineQuery,
        response: { 200: envelope(z.array(Candle)) },
      },
    },
    async (req) => ok(req, await deps.market.candles(req.query)),
  );

  r.get(
    '/swx/customer/index/getTick/:id',
    {
      config: { scope: 'read' },
      schema: {
        tags: ['market'],
        summary: 'One recorded tick by id: the quote that priced a fill (order/getUOrderById → fills[].tickId)',
        description:
          'Ticks that priced a fill are kept forever; others are pruned after the retention period. Unknown → 80005.',
        params: z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/, { error: 'E40001' }) }),
        response: { 200: envelope(RecordedTick) },
      },
    },
    async (req) => {
      const tick = await deps.market.getTick(Number(req.params.id));
      if (!tick) throw marketErrors.noRecord();
      return ok(req, {
        id: tick.id,
        instrumentId: tick.instrumentId,
        code: tick.code,
        ts: tick.ts.getTime(),
        bid: tick.bid,
        ask: tick.ask,
        last: tick.last,
        source: tick.source,
        pinned: tick.pinned,
      });
    },
  );
}

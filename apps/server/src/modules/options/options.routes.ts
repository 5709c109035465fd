import { SuccessCode } from '@openbourse/contracts/errors.ts';
import {
  BuyOptionsRequest,
  ListOptionSeriesQuery,
  ListOptionSeriesResult,
  ListOptionsOrderQuery,
  ListOptionsOrderResult,
  OptionOrder,
  OptionQuote,
  OptionQuoteRequest,
} from '@openbourse/contracts/options.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { Options } from './options.service.ts';

/** An order's public id in a path: anything else is no record of the user's (80005). */
const OrderIdParams = z.object({
  id: z.coerce
    .number({ error: 'E80005' })
    .int({ error: 'E80005' })
    .positive({ error: 'E80005' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'E80005' }),
});

/** Options (spec §7 order/buyOptions, order/listOptionsOrder, order/getOptionsOrderById): series, quote, buy, orders. */
export async function optionsRoutes(app: FastifyInstance, { options }: { options: Options }) {
  const r = typed(app);

  r.get(
    '/swx/customer/index/listOptions',
    {
      schema: {
        tags: ['options'],
        summary:
          'The option series offered: instrument, currency, periods, stake range, spread, cap, σ now and whether they can be bought now',
        description:
          'Public. `volatility` is null while fewer than 30 one-minute candles were recorded in the last 24 open hours; ' +
          '`tradable` is false then, and while the instrument cannot be traded.',
        querystring: ListOptionSeriesQuery,
        response: { 200: envelope(ListOptionSeriesResult) },
      },
    },
    async (req) => ok(req, { list: await options.series.list(req.query.instrumentId) }),
  );

  r.post(
    '/swx/customer/order/quoteOptions',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['options'],
        summary:
          'Quote an option: σ, the model rate, the rate charged with the spread, the maximum payout, the price now (indicative strike), the expiry of the quote',
        description:
          'In the account the `virtually` header selects. Refused: a series unknown or off (10014); the instrument not ' +
          'tradable now, its session closing before the expiry, or its σ not measurable yet (10015); an amount outside ' +
          'the range or with too many decimals (10016); a period the series does not list (10017); more than the ' +
          'available balance (10011); more than 60 quotes a minute (42900).',
        security: BEARER,
        body: OptionQuoteRequest,
        response: { 200: envelope(OptionQuote) },
      },
    },
    async (req) => ok(req, await options.quote(req.user!.id, req.accountMode, req.body)),
  );

  r.post(
    '/swx/customer/order/buyOptions',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['options'],
        summary:
          'Buy a quoted option: struck at the recorded tick current now, the premium paid from the available balance, once',
        description:
          'Refused: a quote past its expiry (40061); unknown, another user’s or account’s, or already used (40062); the ' +
          'series switched off (10014); the instrument not tradable now or closing before the expiry (10015); more ' +
          'than the available balance (10011, nothing written, the quote still usable until it expires). Answers 20004.',
        security: BEARER,
        body: BuyOptionsRequest,
        response: { 200: envelope(OptionOrder) },
      },
    },
    async (req) =>
      ok(req, await options.buy(req.user!.id, req.accountMode, req.body.quoteId), SuccessCode.PurchaseSuccess),
  );

  r.get(
    '/swx/customer/order/listOptionsOrder',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['options'],
        summary: 'The user’s options in this account, newest first, with strike, settlement tick and payout',
        security: BEARER,
        querystring: ListOptionsOrderQuery,
        response: { 200: envelope(ListOptionsOrderResult) },
      },
    },
    async (req) => ok(req, await options.list(req.user!.id, req.accountMode, req.query)),
  );

  r.get(
    '/swx/customer/order/getOptionsOrderById/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['options'],
        summary: 'One of the user’s options (either account: it carries its mode); 80005 for any other',
        security: BEARER,
        params: OrderIdParams,
        response: { 200: envelope(OptionOrder) },
      },
    },
    async (req) => ok(req, await options.get(req.user!.id, req.params.id)),
  );
}

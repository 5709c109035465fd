import { SuccessCode } from '@openbourse/contracts/errors.ts';
import {
  BuyURequest,
  ChedanRequest,
  CloseUResult,
  ListUOrderQuery,
  ListUOrderResult,
  MarginAccount,
  OrderPreview,
  ProfitTotal,
  StopURequest,
  UOrder,
  UOrderDetail,
  UpdateURequest,
} from '@openbourse/contracts/trading.ts';
import { SpotOrder } from '@openbourse/contracts/spot.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { TradingService } from './trading.service.ts';

const MODE =
  'The book is chosen by the `virtually` header (YES: demo, otherwise real); an order of the other book is 80005.';

/** Margin (CFD) trading: schema-first and thin (validate → service → reply). All calls need login. */
export async function tradingRoutes(
  app: FastifyInstance,
  {
    trading,
    spotCancel,
  }: {
    trading: TradingService;
    /** order/chedan of a spot order (kind spot): the spot module's cancel (true: answered by the books' owner). */
    spotCancel?: (req: FastifyRequest, reply: FastifyReply) => Promise<SpotOrder | true>;
  },
) {
  const r = typed(app);
  const auth = { auth: 'required' as const };

  r.post(
    '/swx/customer/order/buyU',
    {
      config: { ...auth, scope: 'trade' },
      schema: {
        tags: ['trading'],
        summary: 'Open a position at market, or place a limit / stop order waiting to open',
        description:
          'Market orders fill at the current recorded quote (buy at the ask, sell at the bid) and reference its tick. ' +
          'Limit / stop orders hold margin + fee at their price and fill on the first tick that reaches it, priced ' +
          'at that tick. Margin = notional / leverage and fee = notional × feeRate, both rounded up (see previewU); ' +
          'no fee is charged on closing. Errors: 80005 unknown instrument; 10015 market closed or no quote; ' +
          '10016 lots off the grid or outside min..max; 40001 field leverage (1..maxLeverage) or a malformed price; ' +
          '40011 stop loss / take profit / entry price on the wrong side of the market; 10011 available USDT below ' +
          'margin + fee; 40016 field clientOrderId: the key was used for a different order (the same order is ' +
          `answered with the first). Success answers msgCode 20004. ${MODE}`,
        security: BEARER,
        body: BuyURequest,
        response: { 200: envelope(UOrder) },
      },
    },
    async (req) => ok(req, await trading.buy(req.user!.id, req.accountMode, req.body), SuccessCode.PurchaseSuccess),
  );

  r.post(
    '/swx/customer/order/previewU',
    {
      config: { ...auth, scope: 'read' },
      schema: {
        tags: ['trading'],
        summary: 'What buyU would charge now (price, margin, fee, stop-out), without placing anything',
        description: `Same body, checks and errors as buyU, except 10011 (the answer shows available instead). ${MODE}`,
        security: BEARER,
        body: BuyURequest,
        response: { 200: envelope(OrderPreview) },
      },
    },
    async (req) => ok(req, await trading.preview(req.user!.id, req.accountMode, req.body, req.lang)),
  );

  r.post(
    '/swx/customer/order/stopU',
    {
      config: { ...auth, scope: 'trade' },
      schema: {
        tags: ['trading'],
        summary: 'Close an open position at market, in full or in part',
        description:
          'Closes at the current quote (a long at the bid, a short at the ask); the fill references that tick. ' +
          'Profit is paid from the platform, a loss is taken from the margin released (never more). Errors: ' +
          '80005 unknown order; 40013 not open (already closed, cancelled or still waiting); 10015 market closed; ' +
          `10016 lots off the grid, more than open, or leaving / closing less than minLots. ${MODE}`,
        security: BEARER,
        body: StopURequest,
        response: { 200: envelope(CloseUResult) },
      },
    },
    async (req) => ok(req, await trading.close(req.user!.id, req.accountMode, req.body)),
  );

  r.post(
    '/swx/customer/order/chedan',
    {
      config: { ...auth, scope: 'trade' },
      schema: {
        tags: ['trading'],
        summary:
          'Cancel (withdraw) a margin order waiting to open (its margin + fee hold is released), or with kind spot ' +
          'the rest of a spot order (its hold is released)',
        description: `Errors: 80005 unknown order; 40012 margin order not waiting to open any more; 40050 spot order already filled or cancelled. ${MODE}`,
        security: BEARER,
        body: ChedanRequest,
        response: { 200: envelope(z.union([UOrder, SpotOrder])) },
      },
    },
    async (req, reply) => {
      if (req.body.kind === 'spot') {
        if (!spotCancel) throw new Error('order/chedan: no spot module');
        const answer = await spotCancel(req, reply);
        return answer === true ? reply : ok(req, answer);
      }
      return ok(req, await trading.cancel(req.user!.id, req.accountMode, req.body.id));
    },
  );

  r.post(
    '/swx/customer/order/updateU',
    {
      config: { ...auth, scope: 'trade' },
      schema: {
        tags: ['trading'],
        summary: 'Set, move or remove the stop loss / take profit of an open position or a waiting order',
        description:
          'A field left out keeps its value; null or "" removes it. Open positions are checked against the price ' +
          'they would close at now (long: SL < bid < TP; short: TP < ask < SL), waiting orders against their ' +
          'entry price. Errors: 80005 unknown order; 40013 closed or cancelled; 40011 unreasonable price; ' +
          `10015 no quote yet. Success answers msgCode 20005. ${MODE}`,
        security: BEARER,
        body: UpdateURequest,
        response: { 200: envelope(UOrder) },
      },
    },
    async (req) =>
      ok(req, await trading.updateStops(req.user!.id, req.accountMode, req.body), SuccessCode.ModifiedSuccessfully),
  );

  r.get(
    '/swx/customer/order/listUOrder',
    {
      config: { ...auth, scope: 'read' },
      schema: {
        tags: ['trading'],
        summary: "The user's margin orders, newest first, by status, a page at a time",
        description: `status: 1 waiting to open, 2 open, 3 closed, 4 cancelled, repeated for several (3 and 4: the history, newest ended first; absent: all); page ≥ 1; size 1..100 (default 20). ${MODE}`,
        security: BEARER,
        querystring: ListUOrderQuery,
        response: { 200: envelope(ListUOrderResult) },
      },
    },
    async (req) => ok(req, await trading.list(req.user!.id, req.accountMode, req.query)),
  );

  r.get(
    '/swx/customer/order/getUOrderById/:id',
    {
      config: { ...auth, scope: 'read' },
      schema: {
        tags: ['trading'],
        summary: 'One margin order with its fills, each naming the recorded tick that priced it',
        description: `Errors: 80005 unknown order. ${MODE}`,
        security: BEARER,
        params: z.object({
          id: z.coerce
            .number({ error: 'E40001' })
            .int({ error: 'E40001' })
            .positive({ error: 'E40001' })
            .describe('The order’s id as UOrder.id gives it (its public id)'),
        }),
        response: { 200: envelope(UOrderDetail) },
      },
    },
    async (req) => ok(req, await trading.get(req.user!.id, req.accountMode, req.params.id)),
  );

  r.get(
    '/swx/customer/order/getProfitTotal',
    {
      config: { ...auth, scope: 'read' },
      schema: {
        tags: ['trading'],
        summary: 'Realised profit (all time and today, UTC), open profit and fees paid, in USDT',
        description: MODE,
        security: BEARER,
        response: { 200: envelope(ProfitTotal) },
      },
    },
    async (req) => ok(req, await trading.profitTotal(req.user!.id, req.accountMode)),
  );

  r.get(
    '/swx/customer/order/getMarginAccount',
    {
      config: { ...auth, scope: 'read' },
      schema: {
        tags: ['trading'],
        summary: 'The margin account (/profile/balance2): equity, used and free margin, open profit',
        description: MODE,
        security: BEARER,
        response: { 200: envelope(MarginAccount) },
      },
    },
    async (req) => ok(req, await trading.marginAccount(req.user!.id, req.accountMode)),
  );
}

import {
  BuySmartRequest,
  ExitSmartRequest,
  ListSmartOrderQuery,
  ListSmartOrderResult,
  ListSmartProductsResult,
  SmartPlan,
} from '@openbourse/contracts/earn.ts';
import { SuccessCode } from '@openbourse/contracts/errors.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { Earn } from './earn.service.ts';

/** Smart plans (spec §7 index/listSmartProduct, order/buySmart, order/listSmartOrder, order/exitSmart). */
export async function earnRoutes(app: FastifyInstance, { earn }: { earn: Earn }) {
  const r = typed(app);

  r.get(
    '/swx/customer/index/listSmartProduct',
    {
      schema: {
        tags: ['earn'],
        summary:
          'The smart plan products: terms with their daily yields, amount range, plans at once, the early-exit penalty; whether smart trading is on; the earn treasury per currency',
        description:
          "Public. Names and descriptions in the request's language where the operator wrote one, else English. " +
          'A product with `enabled` false is shown but not sold (40058). `treasury`: what the earn treasury holds free ' +
          'to back new plans and what it has set aside for earning plans, per currency.',
        response: { 200: envelope(ListSmartProductsResult) },
      },
    },
    async (req) => ok(req, await earn.listProducts(req.lang)),
  );

  r.post(
    '/swx/customer/order/buySmart',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['earn'],
        summary: 'Buy a smart plan: the principal is held, the plan’s whole yield reserved from the earn treasury',
        description:
          'Real account only (40010 in the demo account). Refused: smart trading off or the product disabled (40058); ' +
          'no such product (10010); a term it does not offer (10012); an amount outside its range, with more decimals ' +
          "than the currency's or malformed (10013); one of this product already earning when it allows one at a time " +
          '(10024); as many earning plans of it as it allows (80001); the available balance short of the principal ' +
          '(10011); the earn treasury unable to reserve the plan’s whole yield (40059). Answers 20004 and the plan.',
        security: BEARER,
        body: BuySmartRequest,
        response: { 200: envelope(SmartPlan) },
      },
    },
    async (req) =>
      ok(req, await earn.buy(req.user!.id, req.accountMode, req.lang, req.body), SuccessCode.PurchaseSuccess),
  );

  r.get(
    '/swx/customer/order/listSmartOrder',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['earn'],
        summary:
          "The user's smart plans, newest first: cumulative income, expected profit today, next earnings time, profit-sharing days, state",
        description: 'Plans are only ever in the real account: the `virtually` header is ignored.',
        security: BEARER,
        querystring: ListSmartOrderQuery,
        response: { 200: envelope(ListSmartOrderResult) },
      },
    },
    async (req) => ok(req, await earn.list(req.user!.id, req.lang, req.query)),
  );

  r.post(
    '/swx/customer/order/exitSmart',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['earn'],
        summary:
          'End an earning plan early: the principal less the penalty share returned, the yields already paid kept',
        description:
          'The days ended so far are paid first. 80005: no such plan of the user; 40060: the plan is not earning ' +
          '(shared or exited; or it reached maturity, which this call settles).',
        security: BEARER,
        body: ExitSmartRequest,
        response: { 200: envelope(SmartPlan) },
      },
    },
    async (req) => ok(req, await earn.exit(req.user!.id, req.lang, req.body.id)),
  );
}

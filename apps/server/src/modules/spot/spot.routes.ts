import { SuccessCode } from '@openbourse/contracts/errors.ts';
import {
  SpotBookQuery,
  SpotDepth,
  SpotOrder,
  SpotOrderList,
  SpotOrderListQuery,
  SpotPair,
  SpotPreview,
  SpotPreviewRequest,
  SpotSubmitRequest,
  SpotTrade,
} from '@openbourse/contracts/spot.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import { INTERNAL_HEADER, type InternalProof } from '../cluster/cluster.proof.ts';
import type { SpotService } from './spot.service.ts';

const MODE = 'The book is chosen by the `virtually` header (YES: demo, otherwise real).';

/**
 * A spot command that reached a process not owning the books goes to the one that does (its
 * INTERNAL_URL). This process has authenticated the user already (session token, or API key with its
 * scope), so the request goes on with the cluster's proof of that user and account mode
 * (modules/cluster/cluster.proof.ts), not with the client's credentials (a signed API key request could
 * not be: its signature is accepted once). The owner checks the proof, runs the command, and its answer
 * is passed back as it is. False when this process should answer itself (it owns the books, the
 * request was forwarded already, or no owner is known: the service says 10015).
 */
export async function forwardToOwner(
  { spot, proof }: { spot: SpotService; proof: InternalProof },
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (spot.running || req.headers[INTERNAL_HEADER] !== undefined || !req.user) return false;
  const url = await spot.ownerUrl();
  if (!url) return false;
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' ? { [name]: v } : {};
  };
  const body = JSON.stringify(req.body ?? {});
  const proven = await proof.sign({
    method: req.method,
    url: req.url,
    body,
    userId: req.user.id,
    mode: req.accountMode,
  });
  let res: Response;
  try {
    res = await fetch(`${url}${req.url}`, {
      method: req.method,
      headers: {
        'content-type': 'application/json',
        [INTERNAL_HEADER]: proven,
        ...header('lang'),
        ...header('accept-language'),
      },
      body,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    req.log.warn({ err, url }, 'spot: the books’ owner could not be reached');
    return false;
  }
  const text = await res.text();
  await reply
    .code(res.status)
    .type('application/json')
    .serializer((p: unknown) => p as string)
    .send(text);
  return true;
}

/** Spot trading (spec §7 order/submit, order/listBbOrder; order/chedan with kind spot is in trading.routes.ts). */
export async function spotRoutes(app: FastifyInstance, { spot, proof }: { spot: SpotService; proof: InternalProof }) {
  const r = typed(app);
  const auth = { auth: 'required' as const };

  r.get(
    '/swx/customer/index/listSpotPair',
    {
      schema: {
        tags: ['spot'],
        summary: 'The spot pairs with their grids, fees and the last 24 hours of their book',
        description: MODE,
        response: { 200: envelope(z.array(SpotPair)) },
      },
    },
    async (req) => ok(req, await spot.pairs(req.accountMode)),
  );

  r.get(
    '/swx/customer/index/getSpotDepth',
    {
      schema: {
        tags: ['spot'],
        summary: 'The book’s top levels and the change number they are at (then follow the pushes on /message)',
        description: `Errors: 80005 unknown pair. ${MODE}`,
        querystring: SpotBookQuery,
        response: { 200: envelope(SpotDepth) },
      },
    },
    async (req) => ok(req, await spot.depth(req.query.pairId, req.accountMode)),
  );

  r.get(
    '/swx/customer/index/listSpotTrade',
    {
      schema: {
        tags: ['spot'],
        summary: 'The book’s latest trades, newest first',
        description: `Errors: 80005 unknown pair. ${MODE}`,
        querystring: SpotBookQuery,
        response: { 200: envelope(z.array(SpotTrade)) },
      },
    },
    async (req) => ok(req, await spot.trades(req.query.pairId, req.accountMode)),
  );

  r.post(
    '/swx/customer/order/submit',
    {
      config: { ...auth, scope: 'trade' },
      schema: {
        tags: ['spot'],
        summary: 'Buy or sell on a pair’s book: funds are held, the order matches, each trade settles at once',
        description:
          'Answered once the order and its trades are durable. Errors: 80005 unknown pair; 10015 pair disabled; ' +
          '10016 quantity malformed, off the lot grid or out of range; 40001 price missing (limit), malformed or ' +
          'off the tick grid; 10011 more than the available balance; 40051 post-only would trade; 40052 ' +
          'fill-or-kill cannot fill; 40053 market order with nothing to trade against; 40016 clientOrderId used ' +
          `for another order. ${MODE}`,
        security: BEARER,
        body: SpotSubmitRequest,
        response: { 200: envelope(SpotOrder) },
      },
    },
    async (req, reply) => {
      if (await forwardToOwner({ spot, proof }, req, reply)) return reply;
      return ok(req, await spot.submit(req.user!.id, req.accountMode, req.body), SuccessCode.PurchaseSuccess);
    },
  );

  r.post(
    '/swx/customer/order/previewBb',
    {
      config: { ...auth, scope: 'read' },
      schema: {
        tags: ['spot'],
        summary: 'What order/submit would hold and charge for this order, by the settlement’s rules, placing nothing',
        description:
          'The user’s maker and taker rates (the pair’s less their VIP discount, rounded up to the millionth), the ' +
          'rate the fee is shown at (maker for post-only, otherwise the higher), the price bound (limit price, or a ' +
          'market order’s protection from the best opposite price now), and at that bound the turnover, the fee ' +
          '(rounded up to the quote’s scale, as fills accrue it), what the order holds and the total (buy: the most it ' +
          'pays; sell: the least it receives). Same body (without clientOrderId), checks and errors as order/submit, ' +
          `except 10011 (the answer shows available instead) and the book checks of post-only and fill-or-kill. ${MODE}`,
        security: BEARER,
        body: SpotPreviewRequest,
        response: { 200: envelope(SpotPreview) },
      },
    },
    async (req) => ok(req, await spot.preview(req.user!.id, req.accountMode, req.body)),
  );

  r.get(
    '/swx/customer/order/listBbOrder',
    {
      config: { ...auth, scope: 'read' },
      schema: {
        tags: ['spot'],
        summary: 'The user’s spot orders, newest first, and their holdings of the pair’s currencies',
        description: `status 1 waiting for fill, 2 cancelled, 3 filled. Errors: 80005 unknown pair. ${MODE}`,
        security: BEARER,
        querystring: SpotOrderListQuery,
        response: { 200: envelope(SpotOrderList) },
      },
    },
    async (req) => ok(req, await spot.list(req.user!.id, req.accountMode, req.query)),
  );

  r.get(
    '/swx/customer/order/getBbOrderById/:id',
    {
      config: { ...auth, scope: 'read' },
      schema: {
        tags: ['spot'],
        summary: 'One spot order with its fills',
        description: `Errors: 80005 unknown order, another user’s or the other account’s. ${MODE}`,
        security: BEARER,
        params: z.object({ id: z.coerce.number({ error: 'E80005' }).int({ error: 'E80005' }) }),
        response: { 200: envelope(SpotOrder) },
      },
    },
    async (req) => ok(req, await spot.get(req.user!.id, req.accountMode, req.params.id)),
  );
}

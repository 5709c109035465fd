import {
  Deposit,
  ListDepositNetworksResult,
  ListRechargeQuery,
  ListRechargeResult,
  RechargeRequest,
} from '@openbourse/contracts/funding.ts';
import { SuccessCode } from '@openbourse/contracts/errors.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { Deposits } from './wallet.deposits.ts';

/** Deposits (spec §7 user/recharge, user/listRecharge) and the networks they are made on. */
export async function depositRoutes(app: FastifyInstance, { deposits }: { deposits: Deposits }) {
  const r = typed(app);

  r.get(
    '/swx/customer/user/listDepositNetworks',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: 'The coins and networks deposits are received on, with the receiving address and minimum of each',
        security: BEARER,
        response: { 200: envelope(ListDepositNetworksResult) },
      },
    },
    async (req) => ok(req, { list: await deposits.networks() }),
  );

  r.post(
    '/swx/customer/user/recharge',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary:
          'Declare a deposit to the real account, with its transaction hash and a proof image; it waits for review',
        description:
          'Real account only (40010 in the demo account). Refused: a network that does not take the coin (40035) or ' +
          'has no receiving address yet (10021); an amount below the currency’s minimum (40033, "{name} minimum is ' +
          '{limit}") or with more decimals than it has (40038); a hash of the wrong form for the network (40039) or ' +
          'declared before (40034); a proof that is not an image the user uploaded as a deposit proof (40017). ' +
          'Answers 20002 and the deposit, pending review.',
        security: BEARER,
        body: RechargeRequest,
        response: { 200: envelope(Deposit) },
      },
    },
    async (req) =>
      ok(req, await deposits.declare(req.user!.id, req.accountMode, req.body), SuccessCode.DepositSubmitted),
  );

  r.get(
    '/swx/customer/user/listRecharge',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: "The user's deposits, newest first, with their state and a rejection's reason",
        security: BEARER,
        querystring: ListRechargeQuery,
        response: { 200: envelope(ListRechargeResult) },
      },
    },
    async (req) => ok(req, await deposits.list(req.user!.id, req.query)),
  );
}

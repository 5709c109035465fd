import {
  Exchange,
  ExchangeConfirmRequest,
  ExchangeQuote,
  ExchangeQuoteRequest,
  ListExchangeQuery,
  ListExchangeResult,
} from '@openbourse/contracts/exchange.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { ExchangeService } from './exchange.service.ts';

/** Currency exchange (spec §7 user/dh): quote, confirm, and the executed exchanges, in the header's account. */
export async function exchangeRoutes(app: FastifyInstance, { exchange }: { exchange: ExchangeService }) {
  const r = typed(app);

  r.post(
    '/swx/customer/user/dh/quote',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['exchange'],
        summary: 'Quote an exchange: the rate from the recorded ticks less the spread, what is received, the expiry',
        description:
          'Refused: an empty amount (40037); not positive, too many decimals or too large (40038); the same ' +
          'currency twice (40045); a currency unknown or without a recorded price (40046); receive rounding to ' +
          'zero (40047); more than the available balance (10011).',
        security: BEARER,
        body: ExchangeQuoteRequest,
        response: { 200: envelope(ExchangeQuote) },
      },
    },
    async (req) => ok(req, await exchange.quote(req.user!.id, req.accountMode, req.body, req.lang)),
  );

  r.post(
    '/swx/customer/user/dh',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['exchange'],
        summary: 'Confirm a quote: the amount given and the amount received move at once, once',
        description:
          'Refused: a quote past its expiry (40048); unknown, another user’s or account’s, or already used ' +
          '(40049); more than the available balance (10011, nothing written).',
        security: BEARER,
        body: ExchangeConfirmRequest,
        response: { 200: envelope(Exchange) },
      },
    },
    async (req) => ok(req, await exchange.confirm(req.user!.id, req.accountMode, req.body.quoteId)),
  );

  r.get(
    '/swx/customer/user/dh/list',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['exchange'],
        summary: 'The user’s executed exchanges in this account, newest first',
        security: BEARER,
        querystring: ListExchangeQuery,
        response: { 200: envelope(ListExchangeResult) },
      },
    },
    async (req) => ok(req, await exchange.list(req.user!.id, req.accountMode, req.query)),
  );
}

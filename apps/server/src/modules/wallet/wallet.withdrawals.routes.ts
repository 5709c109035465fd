import {
  ListWithdrawalNetworksResult,
  ListWithdrawalQuery,
  ListWithdrawalResult,
  Withdrawal,
  WithdrawalQuote,
  WithdrawalQuoteQuery,
  WithdrawalRequest,
} from '@openbourse/contracts/funding.ts';
import { SuccessCode } from '@openbourse/contracts/errors.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import { relyingParty } from '../twofactor/twofactor.webauthn.ts';
import type { Withdrawals } from './wallet.withdrawals.ts';

/** Withdrawals (spec §7 user/withdrawal, user/listWithdrwal), their networks and the quote shown before confirming. */
export async function withdrawalRoutes(
  app: FastifyInstance,
  { withdrawals, publicUrl }: { withdrawals: Withdrawals; publicUrl?: string | undefined },
) {
  const r = typed(app);

  r.get(
    '/swx/customer/user/listWithdrawalNetworks',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: 'The coins and networks (and BANK) withdrawals are paid on, with fee rate, minimum and daily limit',
        security: BEARER,
        response: { 200: envelope(ListWithdrawalNetworksResult) },
      },
    },
    async (req) => ok(req, await withdrawals.networks()),
  );

  r.get(
    '/swx/customer/user/withdrawalQuote',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: 'The fee, the amount held and the amount received of a withdrawal, and what is left of today’s limit',
        security: BEARER,
        querystring: WithdrawalQuoteQuery,
        response: { 200: envelope(WithdrawalQuote) },
      },
    },
    async (req) => ok(req, await withdrawals.quote(req.user!.id, req.query)),
  );

  r.post(
    '/swx/customer/user/withdrawal',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: 'Ask for a withdrawal from the real account: amount + fee held until a reviewer pays or rejects it',
        description:
          'Refused: no method (10025); a crypto withdrawal without an address (10021) or with one of another network ' +
          '(40041); a bank withdrawal missing the holder, account or bank (40042, on the field); below the minimum ' +
          '(40033); over the daily limit (80004); more than the available balance (10092); no withdrawal password set ' +
          '(40006), empty (40043), wrong (10093), or too many tries (40015); once the user has a second factor, `proof` ' +
          'missing (40120), wrong or used (40121), or too many tries (40123); the demo account (40010). Answers 20003.',
        security: BEARER,
        body: WithdrawalRequest,
        response: { 200: envelope(Withdrawal) },
      },
    },
    async (req) =>
      ok(
        req,
        await withdrawals.request(req.user!.id, req.accountMode, req.body, relyingParty(publicUrl, req)),
        SuccessCode.WithdrawalSubmitted,
      ),
  );

  // The spec's call name, spelled as the spec spells it.
  r.get(
    '/swx/customer/user/listWithdrwal',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: "The user's withdrawals, newest first, with their state, payout reference or rejection reason",
        security: BEARER,
        querystring: ListWithdrawalQuery,
        response: { 200: envelope(ListWithdrawalResult) },
      },
    },
    async (req) => ok(req, await withdrawals.list(req.user!.id, req.query)),
  );
}

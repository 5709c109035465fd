import type { FastifyInstance } from 'fastify';
import { BalancesResult } from '@openbourse/contracts/wallet.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AccountsService } from './accounts.service.ts';

export function walletRoutes(app: FastifyInstance, { accounts }: { accounts: AccountsService }) {
  typed(app).get(
    '/swx/customer/user/getBalances',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: "The user's balances in the account selected by the `virtually` header",
        security: BEARER,
        response: { 200: envelope(BalancesResult) },
      },
    },
    async (req) => ok(req, await accounts.balances(req.user!.id, req.accountMode)),
  );
}

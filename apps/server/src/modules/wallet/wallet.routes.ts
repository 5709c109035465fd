import type { FastifyInstance } from 'fastify';
import {
  AssetInfo,
  AssetInfoParams,
  BalancesResult,
  ExportTransactionsQuery,
  ListCurrenciesResult,
  ListTransactionsQuery,
  ListTransactionsResult,
} from '@openbourse/contracts/wallet.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AccountsService } from './accounts.service.ts';

export async function walletRoutes(app: FastifyInstance, { accounts }: { accounts: AccountsService }) {
  typed(app).get(
    '/swx/customer/index/listCurrencies',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Every currency of the platform with its price in USDT and its 24 h change (no login)',
        description:
          'The ledger’s currencies in display order. A coin with an enabled `<CODE>USDT` market is priced at that ' +
          'market’s last recorded price, with its rolling 24 h change; USDT is 1; any other currency (or a market ' +
          'without a recorded tick yet) has no price (null). `marketId` is the instrument whose live ticks arrive ' +
          'on the WebSocket /message.',
        response: { 200: envelope(ListCurrenciesResult) },
      },
    },
    async (req) => ok(req, await accounts.currencies()),
  );

  typed(app).get(
    '/swx/customer/user/getBalances',
    {
      config: { auth: 'required', scope: 'read' },
      schema: {
        tags: ['wallet'],
        summary: "The user's balances in the account selected by the `virtually` header",
        security: BEARER,
        response: { 200: envelope(BalancesResult) },
      },
    },
    async (req) => ok(req, await accounts.balances(req.user!.id, req.accountMode)),
  );

  typed(app).get(
    '/swx/customer/user/listTransactions',
    {
      config: { auth: 'required', scope: 'read' },
      schema: {
        tags: ['wallet'],
        summary: 'The transaction record: every balance movement of the selected book, newest first',
        description:
          "Each ledger transfer touching the user's available or locked balance in the account the `virtually` " +
          'header selects: why (type), the signed change of the total, of available and of locked, and the ' +
          'margin order it belongs to.',
        security: BEARER,
        querystring: ListTransactionsQuery,
        response: { 200: envelope(ListTransactionsResult) },
      },
    },
    async (req) => ok(req, await accounts.transactions(req.user!.id, req.accountMode, req.query)),
  );

  typed(app).get(
    '/swx/customer/user/exportTransactions',
    {
      config: { auth: 'required', scope: 'read' },
      schema: {
        tags: ['wallet'],
        summary: 'The transaction record as CSV: every movement matching the filters, newest first (at most 10,000)',
        description:
          'Columns: time_utc (ISO 8601), type, currency, amount, available, locked, order_no; amounts as exact ' +
          'decimal strings. The book is the one the `virtually` header selects.',
        security: BEARER,
        querystring: ExportTransactionsQuery,
      },
    },
    async (req, reply) => {
      const csv = await accounts.exportCsv(req.user!.id, req.accountMode, req.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${req.accountMode}-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  typed(app).get(
    '/swx/customer/order/getAssestInfo/:id',
    {
      config: { auth: 'required', scope: 'read' },
      schema: {
        tags: ['wallet'],
        summary: "One currency's balances in the selected book, valued in USDT, and its 10 latest movements",
        description:
          'The spec’s call name (sic). `id` is the currency code, e.g. USDT or BTC; 80005 when the book has no such currency.',
        security: BEARER,
        params: AssetInfoParams,
        response: { 200: envelope(AssetInfo) },
      },
    },
    async (req) => ok(req, await accounts.assetInfo(req.user!.id, req.accountMode, req.params.id)),
  );
}

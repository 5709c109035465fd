import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';

export const Balance = z.object({
  currency: z.string(),
  name: z.string(),
  scale: z.number().int(),
  available: z.string().describe('decimal string'),
  locked: z.string().describe('decimal string'),
  total: z.string().describe('decimal string'),
  valueUsdt: z
    .string()
    .nullable()
    .describe(
      'total valued in USDT at the bid of the recorded tick priceTickId, rounded down to 6 decimals; null without a price',
    ),
  priceTickId: z.number().int().nullable().describe('The recorded tick the value comes from (null for USDT itself)'),
});
export type Balance = z.infer<typeof Balance>;

export const BalancesResult = z.object({
  mode: z.enum(['real', 'demo']),
  balances: z.array(Balance),
  totalUsdt: z.string().describe('The whole account valued in USDT: the sum of every valued balance'),
});
export type BalancesResult = z.infer<typeof BalancesResult>;

/**
 * The transaction record (user/listTransactions): every ledger movement of the user's accounts in
 * the book the `virtually` header selects, newest first. `type` names why it happened; amounts are
 * signed decimal strings at the currency's scale, from the user's side.
 */
export const TRANSACTION_TYPES = [
  'demo_fund',
  'cfd_margin',
  'cfd_entry',
  'cfd_entry_release',
  'cfd_fee',
  'cfd_margin_release',
  'cfd_loss',
  'cfd_profit',
  'deposit',
  'withdrawal_hold',
  'withdrawal',
  'withdrawal_fee',
  'withdrawal_release',
  'exchange_out',
  'exchange_in',
  'spot_order',
  'spot_trade',
  'spot_fee',
  'spot_release',
  'loan_draw',
  'loan_repay',
  'earn_subscribe',
  'earn_yield',
  'earn_redeem',
  'earn_penalty',
  'option_premium',
  'option_payout',
  'nft_bid',
  'nft_bid_release',
  'nft_donation',
  'invite_reward',
  'other',
] as const;
export const TransactionType = z
  .enum(TRANSACTION_TYPES)
  .describe(
    'demo_fund: virtual funds credited to the demo book; cfd_margin: margin held for an open position; ' +
      'cfd_entry: margin + fee held for an order waiting to open; cfd_entry_release: that hold returned ' +
      '(cancel or fill); cfd_fee: opening fee; cfd_margin_release: margin returned on a close; cfd_loss: ' +
      'realised loss taken from the margin; cfd_profit: realised profit paid; deposit: an approved deposit credited; ' +
      'withdrawal_hold: a withdrawal’s amount and fee held; withdrawal: its amount paid out; withdrawal_fee: its fee; ' +
      'withdrawal_release: a rejected withdrawal’s hold returned; exchange_out: a currency given in an ' +
      'exchange (user/dh); exchange_in: the currency received for it; spot_order: funds held for a spot ' +
      'order; spot_trade: a spot trade’s coin or turnover; spot_fee: a spot trade’s fee; spot_release: what a ' +
      'spot order held and did not use, returned; loan_draw: a loan’s principal paid out; loan_repay: a loan repaid ' +
      '(principal and interest); earn_subscribe: a smart plan’s principal held; earn_yield: a smart plan’s daily yield; ' +
      'earn_redeem: a smart plan’s principal returned (at maturity, or on early exit less the penalty); earn_penalty: ' +
      'an early exit’s penalty; option_premium: an option’s premium paid; option_payout: an option’s payout at expiry; nft_bid: a charity NFT bid (or buy now) held; ' +
      'nft_bid_release: that bid released (outbid, or the auction ended below the reserve); nft_donation: the bid paid to the charity; ' +
      'invite_reward: a share of an invited friend’s trading fees paid to the inviter; ' +
      'other: any other movement',
  );
export type TransactionType = z.infer<typeof TransactionType>;

export const ListTransactionsQuery = z.object({
  currency: z
    .string({ error: 'E40001' })
    .regex(/^[A-Z0-9]{2,12}$/, { error: 'E40001' })
    .optional()
    .describe('Only this currency (e.g. USDT); absent: all'),
  moves: z
    .enum(['all', 'balance'], { error: 'E40001' })
    .default('all')
    .describe(
      'all: every movement; balance: only those that change the total (leaves out margin held and released ' +
        'between your own available and locked balances, whose amount is 0)',
    ),
  type: z.enum(TRANSACTION_TYPES, { error: 'E40001' }).optional().describe('Only movements of this type; absent: all'),
  from: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(0, { error: 'E40001' })
    .max(8.64e15, { error: 'E40001' })
    .optional()
    .describe('Epoch ms: movements at or after it'),
  to: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(0, { error: 'E40001' })
    .max(8.64e15, { error: 'E40001' })
    .optional()
    .describe('Epoch ms: movements before it'),
  ...pageQueryFields,
});
export type ListTransactionsQuery = z.input<typeof ListTransactionsQuery>;

/** The same filters for the CSV export (every matching movement, newest first, up to EXPORT_MAX_ROWS). */
export const ExportTransactionsQuery = ListTransactionsQuery.omit({ page: true, size: true });
export type ExportTransactionsQuery = z.input<typeof ExportTransactionsQuery>;
export const EXPORT_MAX_ROWS = 10_000;

export const Transaction = z.object({
  id: z.number().int().describe('Ledger transfer id'),
  time: z.number().int().describe('Epoch ms'),
  type: TransactionType,
  currency: z.string(),
  amount: z.string().describe('Change of the total (available + locked); 0 for a hold or its release'),
  available: z.string().describe('Change of the available balance'),
  locked: z.string().describe('Change of the locked balance (margin and order holds)'),
  orderId: z.number().int().nullable().describe('The margin order it belongs to (order/getUOrderById)'),
  orderNo: z.string().nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

export const ListTransactionsResult = paged(Transaction);
export type ListTransactionsResult = z.infer<typeof ListTransactionsResult>;

/** order/getAssestInfo/{id}: one currency's balances (valued) and its latest movements. */
export const AssetInfoParams = z.object({
  id: z.string({ error: 'E40001' }).regex(/^[A-Z0-9]{2,12}$/, { error: 'E40001' }),
});
export const AssetInfo = z.object({
  mode: z.enum(['real', 'demo']),
  balance: Balance,
  recent: z.array(Transaction).describe('The 10 latest movements of this currency, newest first'),
});
export type AssetInfo = z.infer<typeof AssetInfo>;

/**
 * index/listCurrencies: every currency of the ledger, in its display order, with the quote of its
 * USDT market (`<CODE>USDT`) when it has one. Public: the same for everyone, no balances.
 */
export const CurrencyListing = z.object({
  code: z.string().describe('e.g. BTC'),
  name: z.string().describe('e.g. Bitcoin'),
  scale: z.number().int().describe('Decimals of its amounts'),
  kind: z.enum(['crypto', 'fiat']),
  marketId: z
    .number()
    .int()
    .nullable()
    .describe('The instrument id of its USDT market: live ticks on /message carry it; null for USDT and without one'),
  marketCode: z.string().nullable().describe('e.g. BTCUSDT; null for USDT and without a market'),
  priceUsdt: z
    .string()
    .nullable()
    .describe('One unit in USDT: the last price of its USDT market ("1" for USDT); null without a price'),
  change: z.string().nullable().describe('last − the price 24 h ago (rolling), in USDT; "0" for USDT'),
  changePct: z.string().nullable().describe('change as a percentage, 2 decimals; "0.00" for USDT'),
  ts: z.number().int().nullable().describe('Time of the quote, epoch ms; null for USDT and without a price'),
});
export type CurrencyListing = z.infer<typeof CurrencyListing>;

export const ListCurrenciesResult = z.object({ list: z.array(CurrencyListing) });
export type ListCurrenciesResult = z.infer<typeof ListCurrenciesResult>;

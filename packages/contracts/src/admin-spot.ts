/**
 * The spot pairs in the back office (`/swx/admin/spotPairs`): each pair's grid, fees, market
 * protection and market maker, and the count of orders resting on each of its books. Rates are
 * fractions as decimal strings ("0.001" = 0.1 %), as the instruments editor takes them; the server
 * keeps them in parts per million, so at most 6 decimals. Quantities are in the base currency.
 */
import { z } from 'zod';

const Decimal = z.string().max(40);
const Rate = z.string().max(20);

export const AdminSpotPair = z.object({
  id: z.number().int(),
  symbol: z.string().describe('BASE/QUOTE'),
  base: z.string(),
  quote: z.string(),
  instrumentCode: z.string().nullable().describe('The market instrument whose ticks give the reference price'),
  enabled: z.boolean(),
  sort: z.number().int(),
  tickSize: z.string().describe('Price step, in the quote currency'),
  lotSize: z.string().describe('Quantity step, in the base currency'),
  minQuantity: z.string().describe('Least quantity of an order (a whole number of lots)'),
  maxQuantity: z.string(),
  makerFeeRate: z.string().describe('Fraction of the turnover'),
  takerFeeRate: z.string(),
  protectionRate: z.string().describe('How far beyond the best price a market order may trade, as a fraction'),
  mmEnabled: z.boolean().describe('The market maker quotes this pair'),
  mmSpreadRate: z.string().describe('Half the distance between its best bid and ask, as a fraction of the price'),
  mmStepRate: z.string().describe('Distance between its levels, as a fraction of the price'),
  mmLevels: z.number().int(),
  mmLevelQuote: z.string().describe('Quote value of each of its levels'),
  openOrders: z.object({ real: z.number().int(), demo: z.number().int() }),
  updatedAt: z.string(),
});
export type AdminSpotPair = z.infer<typeof AdminSpotPair>;

/** The pairs, and the ledger's currencies a new pair may be made of (with their decimals). */
export const AdminSpotPairList = z.object({
  list: z.array(AdminSpotPair),
  currencies: z.array(z.object({ code: z.string(), name: z.string(), scale: z.number().int() })),
});
export type AdminSpotPairList = z.infer<typeof AdminSpotPairList>;

const terms = {
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
  tickSize: Decimal.describe('Only while no order rests on the pair (40900 otherwise)'),
  lotSize: Decimal.describe('Only while no order rests on the pair (40900 otherwise)'),
  minQuantity: Decimal,
  maxQuantity: Decimal,
  makerFeeRate: Rate.describe('0 to 0.1'),
  takerFeeRate: Rate.describe('0 to 0.1'),
  protectionRate: Rate.describe('Above 0, at most 0.5'),
  mmEnabled: z.boolean(),
  mmSpreadRate: Rate.describe('Above 0, at most 0.2'),
  mmStepRate: Rate.describe('Above 0, at most 0.2'),
  mmLevels: z.number().int().min(1).max(50),
  mmLevelQuote: Decimal,
  instrumentCode: z.string().max(40).nullable().describe('A market instrument, or null for none'),
};

/** An edit: only what changes. */
export const AdminSpotPairEdit = z.object(terms).partial();
export type AdminSpotPairEdit = z.infer<typeof AdminSpotPairEdit>;

const Currency = z.string().regex(/^[A-Z0-9]{2,10}$/);

/** A new pair: base and quote among the ledger's currencies; the market maker's settings have defaults. */
export const AdminSpotPairCreate = z.object({
  base: Currency,
  quote: Currency,
  instrumentCode: terms.instrumentCode.optional(),
  enabled: z.boolean().default(false),
  sort: terms.sort.default(0),
  tickSize: terms.tickSize,
  lotSize: terms.lotSize,
  minQuantity: terms.minQuantity,
  maxQuantity: terms.maxQuantity,
  makerFeeRate: terms.makerFeeRate,
  takerFeeRate: terms.takerFeeRate,
  protectionRate: terms.protectionRate.default('0.05'),
  mmEnabled: z.boolean().default(false),
  mmSpreadRate: terms.mmSpreadRate.default('0.0005'),
  mmStepRate: terms.mmStepRate.default('0.0003'),
  mmLevels: terms.mmLevels.default(10),
  mmLevelQuote: terms.mmLevelQuote.default('2000'),
});
export type AdminSpotPairCreate = z.infer<typeof AdminSpotPairCreate>;

import { z } from 'zod';

/**
 * The watchlist on the wire: a user's favourite instruments and their price alerts. Prices are
 * decimal strings (DESIGN §1.1); times are epoch milliseconds. An alert is known by a random public
 * id (never the internal one) and, once fired, names the recorded tick that fired it.
 */

/** Most favourites one user keeps, and most alerts waiting at once (fired ones do not count). */
export const MAX_FAVOURITES = 100;
export const MAX_ACTIVE_ALERTS = 50;

/** above: fires on the first tick whose last price is at or above the target; below: at or below. */
export const ALERT_CONDITIONS = ['above', 'below'] as const;
export const AlertCondition = z.enum(ALERT_CONDITIONS, { error: 'E40001' });
export type AlertCondition = z.infer<typeof AlertCondition>;

const Decimal = z.string().describe('Decimal string');

export const InstrumentRef = z
  .number({ error: 'E40001' })
  .int({ error: 'E40001' })
  .positive({ error: 'E40001' })
  .max(2_147_483_647, { error: 'E40001' })
  .describe('Instrument id (index/listMarketByType → id)');

/** A target price as typed: a positive plain decimal, at most 20 integer and 12 fractional digits. */
const TARGET_PRICE = /^(0|[1-9]\d{0,19})(\.\d{1,12})?$/;

export const FavouriteRequest = z.object({ instrumentId: InstrumentRef });
export type FavouriteRequest = z.input<typeof FavouriteRequest>;

export const Favourite = z.object({
  instrumentId: z.number().int(),
  code: z.string(),
  addedAt: z.number().int().describe('Epoch ms'),
});
export type Favourite = z.infer<typeof Favourite>;

export const FavouritesResult = z.object({
  list: z.array(Favourite).describe('Oldest first'),
  max: z.number().int().describe('Most favourites a user may keep'),
});
export type FavouritesResult = z.infer<typeof FavouritesResult>;

export const AddPriceAlertRequest = z.object({
  instrumentId: InstrumentRef,
  condition: AlertCondition.describe(
    'above: fires when the last price reaches the target from below; below: from above',
  ),
  price: z
    .string({ error: 'E40001' })
    .max(40, { error: 'E40001' })
    .regex(TARGET_PRICE, { error: 'E40001' })
    .describe(
      "Target price, a positive decimal with at most the instrument's priceDecimals decimals (40032 otherwise). " +
        'It must not be reached already: above the last price for `above`, below it for `below` (40031 otherwise).',
    ),
});
export type AddPriceAlertRequest = z.input<typeof AddPriceAlertRequest>;

/** An alert's public id, as the list gives it. */
export const AlertId = z
  .number({ error: 'E40001' })
  .int({ error: 'E40001' })
  .positive({ error: 'E40001' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'E40001' });

export const RemovePriceAlertRequest = z.object({ id: AlertId.describe('The alert’s id (PriceAlert.id)') });
export type RemovePriceAlertRequest = z.input<typeof RemovePriceAlertRequest>;

export const PriceAlert = z.object({
  id: z.number().int().describe('Random public id'),
  instrumentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  priceDecimals: z.number().int(),
  condition: AlertCondition,
  price: Decimal.describe("The target, at the instrument's priceDecimals"),
  status: z.enum(['active', 'fired']),
  createdAt: z.number().int().describe('Epoch ms'),
  createdPrice: Decimal.describe('The last price when the alert was set'),
  createdTickId: z.number().int().describe('The recorded tick of that price'),
  firedAt: z.number().int().nullable(),
  firedPrice: Decimal.nullable().describe('The last price of the tick that fired it'),
  firedTickId: z.number().int().nullable().describe('The recorded tick that fired it (index/getTick/{id})'),
});
export type PriceAlert = z.infer<typeof PriceAlert>;

export const PriceAlertsResult = z.object({
  active: z.array(PriceAlert).describe('Waiting alerts, newest first'),
  fired: z.array(PriceAlert).describe('The latest fired alerts (up to 50), most recently fired first'),
  max: z.number().int().describe('Most alerts a user may have waiting at once'),
});
export type PriceAlertsResult = z.infer<typeof PriceAlertsResult>;

export const RemovePriceAlertResult = z.object({ id: z.number().int() });
export type RemovePriceAlertResult = z.infer<typeof RemovePriceAlertResult>;

import { z } from 'zod';

/**
 * VIP levels (spec §3 levels, seen as a call name; §7 index/listLevel). A user's level is set once a
 * day by the job runner from their 30-day trading volume in USDT terms (real account: margin notional
 * opened, spot turnover, exchange amounts) and, where a level asks for one, their USDT balance. Each
 * level takes a share off every fee the user pays (margin opening fee, spot taker/maker fee, exchange
 * spread): the discounted fee is the fee × (1 − discount), rounded up to the minor unit. The tickets'
 * previews (order/previewU, spot preview, exchange quote) return the discounted fee and the discount.
 */

/** One level of the table. */
export const Level = z.object({
  id: z.number().int().describe('Rank: 0 is the entry level, higher is better'),
  name: z.string().describe('In the request’s language, English fallback'),
  minVolume: z.string().describe('30-day trading volume (USDT) at or above which the level is reached'),
  minBalance: z.string().nullable().describe('USDT balance also required, or null'),
  discount: z.string().describe('Share taken off every fee, e.g. "0.1" = 10 % off'),
});
export type Level = z.infer<typeof Level>;

/** The signed-in user's standing. */
export const MyLevel = z.object({
  level: z.number().int().describe('The level (rank) the daily job last set'),
  name: z.string(),
  discount: z.string(),
  volume30d: z.string().describe('30-day trading volume in USDT as of the last daily run'),
  computedAt: z.string().nullable().describe('ISO time of the last daily run for this user, null if never'),
  next: z
    .object({
      level: z.number().int(),
      name: z.string(),
      minVolume: z.string(),
      remaining: z.string().describe('Volume still to trade to reach it'),
      progress: z.string().describe('Share of the way from this level’s threshold to the next’s, "0" to "1"'),
    })
    .nullable()
    .describe('null at the top level'),
});
export type MyLevel = z.infer<typeof MyLevel>;

export const ListLevelResult = z.object({
  list: z.array(Level),
  mine: MyLevel.nullable().describe('Only when signed in'),
});
export type ListLevelResult = z.infer<typeof ListLevelResult>;

/** How a fee was discounted (returned by the tickets' previews). */
export const FeeDiscount = z.object({
  level: z.number().int(),
  name: z.string(),
  discount: z.string().describe('Share taken off, e.g. "0.1"'),
});
export type FeeDiscount = z.infer<typeof FeeDiscount>;

// ------------------------------------------------------------------ the back office (admin API)

const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d{1,8})?$/;
const AdminDecimal = z
  .string({ error: 'E40001' })
  .max(40, { error: 'E40001' })
  .regex(DECIMAL_INPUT, { error: 'E40001' });

export const AdminLevel = Level.extend({
  names: z.record(z.string(), z.string()).describe('Name per language code; en required'),
  users: z.number().int().describe('Users at this level now'),
});
export type AdminLevel = z.infer<typeof AdminLevel>;

export const AdminLevelsResult = z.object({ list: z.array(AdminLevel) });
export type AdminLevelsResult = z.infer<typeof AdminLevelsResult>;

export const AdminLevelInput = z.object({
  id: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(0, { error: 'E40001' }).max(99, { error: 'E40001' }),
  names: z
    .record(z.string().regex(/^[a-z]{2}$/, { error: 'E40001' }), z.string().trim().min(1).max(60))
    .refine((n) => Boolean(n.en), { error: 'E40001' }),
  minVolume: AdminDecimal,
  minBalance: AdminDecimal.nullable(),
  discount: z.string({ error: 'E40001' }).regex(/^0(\.\d{1,4})?$/, { error: 'E40001' }),
});
export type AdminLevelInput = z.infer<typeof AdminLevelInput>;

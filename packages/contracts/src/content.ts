import { z } from 'zod';

/** 1 company, 2 policy, 3 other (footer), 4 help FAQ, 5 notice. */
export const ContentType = z.coerce.number().int().min(1).max(5);
export const CONTENT_TYPES = { company: 1, policy: 2, other: 3, faq: 4, notice: 5 } as const;

export const ContentSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.number().int(),
  title: z.string(),
  summary: z.string(),
  updatedAt: z.string(),
});
export type ContentSummary = z.infer<typeof ContentSummary>;

export const ContentDetail = ContentSummary.extend({
  /** Plain text: paragraphs split by a blank line, "## " headings, "- " bullets. No HTML. */
  body: z.string(),
  lang: z.string(),
});
export type ContentDetail = z.infer<typeof ContentDetail>;

export const ParamResult = z.object({ paramKey: z.string(), paramValue: z.string() });
export type ParamResult = z.infer<typeof ParamResult>;

export const HomeStats = z.object({
  /** Traded notional over the last 24 hours, in USDT, decimal string. */
  volume24hUsdt: z.string(),
  listedInstruments: z.number().int(),
  registeredUsers: z.number().int(),
  /** Lowest fee rate in the fee schedule as a decimal fraction string (e.g. "0.0002" = 0.02%). */
  lowestFeeRate: z.string(),
  /** When these figures were computed. */
  asOf: z.string(),
});
export type HomeStats = z.infer<typeof HomeStats>;

export const AccountModeInfo = z.object({
  mode: z.enum(['real', 'demo']),
  demoEnabled: z.boolean(),
});

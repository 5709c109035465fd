import { z } from 'zod';

/** 1 company, 2 policy, 3 other (footer), 4 help FAQ, 5 notice. */
export const ContentType = z.coerce.number().int().min(1).max(5);
export const CONTENT_TYPES = { company: 1, policy: 2, other: 3, faq: 4, notice: 5 } as const;

/**
 * `index/listContents/{listType}` (spec §2, §9): 1 asks for the Chinese list, 2 for the list in the
 * request language (every other language). Without `itemType` the answer is every footer item
 * (company, policy, other: types 1–3), each with its type; `itemType` asks for one type only (FAQ 4
 * and notices 5 are asked for this way).
 */
export const ContentListType = z.coerce.number().int().min(1).max(2);
export const ContentListQuery = z.object({ itemType: ContentType.optional() });
export const FOOTER_CONTENT_TYPES = [1, 2, 3] as const;

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

/** The help centre's search bound: longer queries answer 40001 (field q). */
export const HELP_QUERY_MAX = 64;

/** `index/searchHelp`: FAQ and notices in the request language, case- and accent-insensitive, paged. */
export const HelpSearchQuery = z.object({
  q: z.string({ error: 'E40001' }).trim().min(1, { error: 'E40001' }).max(HELP_QUERY_MAX, { error: 'E40001' }),
  page: z.coerce.number({ error: 'E40001' }).int({ error: 'E40001' }).min(1, { error: 'E40001' }).max(1000).default(1),
  size: z.coerce.number({ error: 'E40001' }).int({ error: 'E40001' }).min(1, { error: 'E40001' }).max(50).default(10),
});

export const HelpSearchHit = ContentSummary.extend({
  /** Plain text around the first match in the body ('' when only the title or summary matched). */
  snippet: z.string(),
});
export type HelpSearchHit = z.infer<typeof HelpSearchHit>;

export const HelpSearchResult = z.object({
  list: z.array(HelpSearchHit),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type HelpSearchResult = z.infer<typeof HelpSearchResult>;

/** `index/getPinnedNotice`: the notice an editor pinned to the home page, or null. */
export const PinnedNotice = ContentSummary.extend({ pinnedAt: z.string() }).nullable();
export type PinnedNotice = z.infer<typeof PinnedNotice>;

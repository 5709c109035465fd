/**
 * What each platform parameter holds: its type, checked on every operator edit so that a value
 * that reaches the app always parses (a demo balance is a positive decimal, a link is an http(s)
 * URL or a path, an address is an email). Keys not listed are free text.
 */
import { z } from 'zod';

export type ParamType = 'boolean' | 'decimal' | 'fraction' | 'integer' | 'link' | 'email' | 'currency' | 'text';

const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

const CHECKS: Record<ParamType, z.ZodType<string>> = {
  boolean: z.enum(['true', 'false']),
  decimal: z.string().regex(DECIMAL),
  fraction: z
    .string()
    .regex(DECIMAL)
    .refine((v) => Number(v) < 1),
  integer: z.string().regex(/^(0|[1-9]\d{0,12})$/),
  // An absolute http(s) link, or a path of this site; empty hides what it feeds (a footer icon).
  link: z.union([z.literal(''), z.string().regex(/^\/[\w\-./#?=&%]*$/), z.url({ protocol: /^https?$/ })]),
  email: z.email(),
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
  text: z.string().max(500),
};

export const PARAM_TYPES: Record<string, ParamType> = {
  site_name: 'text',
  support_email: 'email',
  down_url: 'link',
  demo_enabled: 'boolean',
  demo_initial_balance: 'decimal',
  demo_currency: 'currency',
  'exchange.spreadBps': 'integer',
  'exchange.quoteTtlSeconds': 'integer',
  'options.quoteTtlSeconds': 'integer',
  withdraw_fee_rate: 'fraction',
  loan_free_days: 'integer',
  smart_enabled: 'boolean',
  earn_treasury_seed: 'decimal',
  kyc_review_hours: 'integer',
  min_deposit_USDT: 'decimal',
  min_deposit_BTC: 'decimal',
  min_deposit_ETH: 'decimal',
  upload_max_bytes: 'integer',
  social_github: 'link',
  social_x: 'link',
  social_telegram: 'link',
  social_discord: 'link',
};

/** An empty value is allowed where it means "the default" (the stop-out level) or "hidden" (links). */
const OPTIONAL = new Set(['cfd_stop_out_level']);

export const paramTypeOf = (key: string): ParamType =>
  key === 'cfd_stop_out_level' ? 'fraction' : (PARAM_TYPES[key] ?? 'text');

/** Whether `value` is a valid value of parameter `key`. */
export function validParam(key: string, value: string): boolean {
  if (value === '' && OPTIONAL.has(key)) return true;
  return CHECKS[paramTypeOf(key)].safeParse(value).success;
}

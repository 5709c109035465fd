import { z } from 'zod';
import { KycStatus } from './auth.ts';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Identity verification (spec §1 loans and KYC, §3 KYC application, §4 KYC states, §7
 * user/identification). A user submits their identity and three photos (uploaded first through
 * POST file/upload with purpose `kyc`); a reviewer approves or rejects it with a reason; a failed
 * user may submit again. States: none → pending → verified | failed (→ pending again).
 */

export const KYC_DOCUMENT_TYPES = ['id_card', 'passport', 'driver_licence'] as const;
export const KycDocumentType = z.enum(KYC_DOCUMENT_TYPES, { error: 'E40001' });
export type KycDocumentType = z.infer<typeof KycDocumentType>;

export const KYC_SEXES = ['male', 'female', 'other'] as const;
export const KycSex = z.enum(KYC_SEXES, { error: 'E40001' });
export type KycSex = z.infer<typeof KycSex>;

/** The youngest a user may be to verify (and so to borrow). */
export const KYC_MIN_AGE_YEARS = 18;

/**
 * ISO 3166-1 alpha-2 codes of the countries and territories a user may name. Their names are not
 * kept here: the browser shows them in the page's language (`Intl.DisplayNames`).
 */
// biome-ignore format: a table of 249 codes reads better in rows
export const ISO_COUNTRIES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD',
  'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA',
  'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE',
  'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA',
  'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK',
  'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT',
  'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS',
  'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS',
  'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST',
  'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW',
  'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA',
  'ZM', 'ZW',
] as const;
export const CountryCode = z.enum(ISO_COUNTRIES, { error: 'E40001' });

/** Whole years between a birth date and a day (both `YYYY-MM-DD`, UTC calendar days). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A real calendar day `YYYY-MM-DD` (no 30 February). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

const text = (max: number) =>
  z
    .string({ error: 'E40001' })
    .trim()
    .min(1, { error: 'E40001' })
    .max(max, { error: 'E40001' })
    .refine((s) => !/\p{Cc}/u.test(s), { error: 'E40001' });

const fileId = z.string({ error: 'E40017' }).uuid({ error: 'E40017' });

/**
 * user/identification. The server also checks the age against its own clock (40057), that every
 * photo is the user's own `kyc` upload (40017), and that the back is there unless the document is a
 * passport (40017, field backFileId).
 */
export const KycSubmitRequest = z.object({
  firstName: text(64).describe('Given name(s), as on the document'),
  lastName: text(64).describe('Family name, as on the document'),
  birthDate: z
    .string({ error: 'E40001' })
    .refine(isCalendarDay, { error: 'E40001' })
    .describe('YYYY-MM-DD; the user must be 18 or older (40057)'),
  sex: KycSex,
  country: CountryCode.describe('ISO 3166-1 alpha-2'),
  address: text(200),
  phone: z
    .string({ error: 'E40002' })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,22}$/, { error: 'E40002' })
    .describe('With its country code, e.g. +44 7700 900123'),
  documentType: KycDocumentType,
  frontFileId: fileId.describe('The document’s front (purpose kyc)'),
  backFileId: fileId.nullish().describe('The document’s back; optional for a passport'),
  inHandFileId: fileId.describe('The user holding the document'),
});
export type KycSubmitRequest = z.input<typeof KycSubmitRequest>;

/** What the user sees of their own verification. */
export const KycView = z.object({
  status: KycStatus,
  /** The latest application, or null when never submitted. */
  application: z
    .object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      birthDate: z.string(),
      sex: KycSex,
      country: z.string(),
      address: z.string(),
      phone: z.string(),
      documentType: KycDocumentType,
      status: z.enum(['pending', 'verified', 'failed']),
      reason: z.string().nullable().describe('Why it failed'),
      submittedAt: z.number().int().describe('Epoch ms'),
      decidedAt: z.number().int().nullable(),
      /** When a reviewer will have decided at the latest (submittedAt + the review hours). */
      reviewBy: z.number().int(),
    })
    .nullable(),
});
export type KycView = z.infer<typeof KycView>;

// ------------------------------------------------------------------ the back office (admin API)

export const AdminKycItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  sex: KycSex,
  country: z.string(),
  address: z.string(),
  phone: z.string(),
  documentType: KycDocumentType,
  frontFileId: z.string(),
  backFileId: z.string().nullable(),
  inHandFileId: z.string(),
  status: z.enum(['pending', 'verified', 'failed']),
  reason: z.string().nullable(),
  submittedAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  decidedBy: z.string().nullable().describe('The reviewer’s email'),
});
export type AdminKycItem = z.infer<typeof AdminKycItem>;

export const AdminKycQuery = z.object({
  status: z.enum(['pending', 'verified', 'failed'], { error: 'E40001' }).optional(),
  ...pageQueryFields,
});
export const AdminKycList = paged(AdminKycItem);
export type AdminKycList = z.infer<typeof AdminKycList>;

export const AdminKycDecision = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('reject'),
      reason: z.string({ error: 'E40001' }).trim().min(1, { error: 'E40001' }).max(500, { error: 'E40001' }),
    }),
  ],
  { error: 'E40001' },
);
export type AdminKycDecision = z.infer<typeof AdminKycDecision>;

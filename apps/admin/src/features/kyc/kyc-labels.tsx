/** How the console names a KYC application's values: states, documents, sexes, countries, ages. */
import { Badge, type BadgeTone } from '@openbourse/ui';
import type { KycApplication, KycState } from './kyc-api';

const LOOK: Record<KycState, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warn', label: 'Pending' },
  verified: { tone: 'accent', label: 'Verified' },
  failed: { tone: 'down', label: 'Failed' },
};

export function KycStatusBadge({ status }: { status: KycState }) {
  const look = LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

export const DOCUMENTS: Record<KycApplication['documentType'], string> = {
  id_card: 'ID card',
  passport: 'Passport',
  driver_licence: 'Driver licence',
};

export const SEXES: Record<KycApplication['sex'], string> = { male: 'Male', female: 'Female', other: 'Other' };

const regions = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** "United Kingdom (GB)": the English name with the code the user picked. */
export function countryName(code: string): string {
  const name = regions?.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** Whole years between a `YYYY-MM-DD` birth date and a moment (UTC days). */
export function ageAt(birthDate: string, at: number): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const d = new Date(at);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  return y - by - (m < bm || (m === bm && day < bd) ? 1 : 0);
}

/** The option series' calls: every series with the options account's figures, a new one, an edit (whole). */
import type {
  AdminOptionSeries,
  AdminOptionSeriesInput,
  AdminOptionSeriesResult,
} from '@openbourse/contracts/options.ts';
import { api } from '@/shared/api';

export type OptionSeries = AdminOptionSeries;
export type OptionSeriesInput = AdminOptionSeriesInput;
export type OptionsAccount = AdminOptionSeriesResult['accounts'][number];

export const optionSeriesKey = ['option-series'] as const;

export async function getOptionSeries() {
  return (await api.get<AdminOptionSeriesResult>('option-series')).result;
}

/**
 * Creates a series, or (with an id) replaces its fields; open orders keep the terms they were
 * bought with. The edit goes as POST, like the console's other editors (the server takes POST and
 * PUT on `option-series/:id`).
 */
export async function saveOptionSeries(input: OptionSeriesInput, id?: number) {
  return (await api.post<OptionSeries>(id === undefined ? 'option-series' : `option-series/${id}`, input)).result;
}

/** A period in seconds as the console writes it: 300 → "5m", 3600 → "1h", 86400 → "1d", 90 → "90s". */
export function formatPeriod(seconds: number): string {
  if (seconds > 0 && seconds % 86_400 === 0) return `${seconds / 86_400}d`;
  if (seconds > 0 && seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds > 0 && seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** "90", "90s", "5m", "2h", "7d" → seconds; anything else → null. */
export function parsePeriod(text: string): number | null {
  const m = /^(\d{1,7})\s*([smhd]?)$/i.exec(text.trim());
  if (!m) return null;
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[(m[2] ?? '').toLowerCase()] ?? 1;
  return Number(m[1]) * unit;
}

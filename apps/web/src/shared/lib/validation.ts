import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { errorText, errorTextOf } from '@/shared/i18n/i18n';

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Turns schema issues into one message per field. A message `E<code>` names a catalogue code
 * (packages/contracts); its text comes from the current language's errors.json.
 */
export function fieldErrors(issues: readonly IssueLike[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    if (out[field]) continue;
    const match = /^E(\d+)$/.exec(issue.message);
    out[field] = match?.[1] ? errorTextOf(match[1], { field }) : errorText(ErrorCode.InvalidField, { field });
  }
  return out;
}

interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

export function validate<T>(
  schema: SafeParser<T>,
  value: unknown,
): { data: T; errors: null } | { data: null; errors: Record<string, string> } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data, errors: null };
  return { data: null, errors: fieldErrors(parsed.error.issues) };
}

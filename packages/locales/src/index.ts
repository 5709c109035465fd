import type { Language } from '@openbourse/contracts/languages.ts';

export type Messages = Record<string, string>;

/** Fills `{name}` placeholders; unknown names stay visible so a gap is noticed, not hidden. */
export function interpolate(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type { Language };

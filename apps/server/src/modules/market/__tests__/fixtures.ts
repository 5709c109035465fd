import { CATALOGUE } from '../market.catalogue.ts';
import { toInstrument } from '../market.service.ts';
import type { Instrument } from '../market.types.ts';

/** Catalogue instruments as the service holds them, without a database (ids follow catalogue order). */
export function catalogueInstruments(): Instrument[] {
  const now = new Date('2026-01-01T00:00:00Z');
  return CATALOGUE.map((e, i) =>
    toInstrument({
      ...e,
      id: i + 1,
      enabled: true,
      sort: i,
      createdAt: now,
      updatedAt: now,
    }),
  );
}

export function instrument(code: string): Instrument {
  const found = catalogueInstruments().find((i) => i.code === code);
  if (!found) throw new Error(`no catalogue instrument ${code}`);
  return found;
}

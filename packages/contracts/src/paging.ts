import { z } from 'zod';

/** Paging of list calls: `page` from 1, `size` 1..100 (a bad value answers 40001 naming it). */
export const pageQueryFields = {
  page: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(100_000, { error: 'E40001' })
    .default(1),
  size: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(100, { error: 'E40001' })
    .default(20),
};

/** One page of a list: the items, how many there are in all, and the page asked for. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });

import { z } from 'zod';

export const Balance = z.object({
  currency: z.string(),
  name: z.string(),
  scale: z.number().int(),
  available: z.string().describe('decimal string'),
  locked: z.string().describe('decimal string'),
  total: z.string().describe('decimal string'),
});
export type Balance = z.infer<typeof Balance>;

export const BalancesResult = z.object({ mode: z.enum(['real', 'demo']), balances: z.array(Balance) });
export type BalancesResult = z.infer<typeof BalancesResult>;

import type { SmartStatus } from '@openbourse/contracts/earn.ts';
import type { Language } from '@openbourse/contracts/languages.ts';

/** Smart plans' query keys: products (public, named in the language) and the user's plans. */
export const smartKeys = {
  all: ['smart'] as const,
  products: (lang: Language) => ['smart', 'products', lang] as const,
  plans: ['smart', 'plans'] as const,
  planList: (token: string | null, status: SmartStatus) => ['smart', 'plans', token, status] as const,
};

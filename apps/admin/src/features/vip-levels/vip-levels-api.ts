/** The VIP levels' calls: the table with the users at each level, a new level, a level replaced (audited). */
import type { AdminLevel, AdminLevelInput, AdminLevelsResult } from '@openbourse/contracts/levels.ts';
import { api } from '@/shared/api';

export const vipLevelsKey = ['vip-levels'] as const;

export async function getLevels() {
  return (await api.get<AdminLevelsResult>('levels')).result;
}

/** Creates (POST levels) or replaces (POST levels/:id: the console's client speaks GET and POST) a level. */
export async function saveLevel({ input, creating }: { input: AdminLevelInput; creating: boolean }) {
  return (await api.post<AdminLevel>(creating ? 'levels' : `levels/${input.id}`, input)).result;
}

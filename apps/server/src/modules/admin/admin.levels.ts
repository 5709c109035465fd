/** VIP levels in the back office: the table's editor (create or replace a level; audited with before and after). */
import type { AdminLevel, AdminLevelInput } from '@openbourse/contracts/levels.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { shareToBps } from '../levels/levels.arithmetic.ts';
import type { Levels } from '../levels/levels.service.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

export function createAdminLevels({ db, clock, levels }: { db: Db; clock: Clock; levels: Levels }) {
  async function get(id: number): Promise<AdminLevel> {
    const found = (await levels.adminList()).find((l) => l.id === id);
    if (!found) throw new Error(`levels: level ${id} vanished`);
    return found;
  }

  return {
    async list(): Promise<{ list: AdminLevel[] }> {
      return { list: await levels.adminList() };
    },

    /** Creates (POST) or replaces (PUT) level `input.id`; 40001 naming the field when out of order or level 0 not free. */
    async put(actor: AdminActor, input: z.output<typeof AdminLevelInput>, creating: boolean): Promise<AdminLevel> {
      if (input.id === 0 && (input.minVolume !== '0' || input.minBalance !== null)) throw invalidField('minVolume');
      const discountBps = shareToBps(input.discount);
      await db.transaction(async (tx) => {
        const existing = (await levels.tiers(tx)).find((t) => t.id === input.id);
        if (creating && existing) throw invalidField('id');
        if (!creating && !existing) throw invalidField('id');
        const { before, after } = await levels.put(tx, { ...input, discountBps });
        await repo.auditAs(tx, actor, clock.now(), {
          action: creating ? 'levels.create' : 'levels.update',
          targetType: 'level',
          targetId: String(input.id),
          before: before ?? undefined,
          after,
        });
      });
      return get(input.id);
    },
  };
}

export type AdminLevels = ReturnType<typeof createAdminLevels>;

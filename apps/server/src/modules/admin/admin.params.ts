/**
 * Platform parameters in the back office: listed with their type, edited one at a time, each value
 * checked against its type (40001, field value) and audited with before and after in the edit's
 * transaction. Every process sees an edit within the parameters' cache time (1 s): no restart.
 */
import type { Db } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ParamsService } from '../params/params.service.ts';
import { validParam } from '../params/params.types.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminErrors } from './admin.errors.ts';
import { adminRepository as repo } from './admin.repository.ts';

export function createAdminParams({ db, clock, params }: { db: Db; clock: Clock; params: ParamsService }) {
  return {
    async list() {
      return (await params.list()).map((p) => ({ ...p, updatedAt: p.updatedAt.toISOString() }));
    },

    async set(actor: AdminActor, key: string, value: string) {
      if (!validParam(key, value)) throw invalidField('value');
      await db.transaction(async (tx) => {
        const before = await params.lock(tx, key);
        if (!before) throw adminErrors.noRecord();
        await params.set(tx, key, value);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'params.set',
          targetType: 'param',
          targetId: key,
          before: { value: before.value },
          after: { value },
        });
      });
      const row = (await params.list()).find((p) => p.key === key);
      if (!row) throw adminErrors.noRecord();
      return { ...row, updatedAt: row.updatedAt.toISOString() };
    },
  };
}

export type AdminParams = ReturnType<typeof createAdminParams>;

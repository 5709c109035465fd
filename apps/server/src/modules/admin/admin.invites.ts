/** Invite rewards in the back office: the rule (audited with before and after) and the figures. */
import type { AdminInviteRule, UpdateInviteRuleRequest } from '@openbourse/contracts/invites.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Invites } from '../invites/invites.service.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

export function createAdminInvites(deps: { db: Db; clock: Clock; invites: Invites }) {
  const { db, clock, invites } = deps;
  return {
    figures(): Promise<AdminInviteRule> {
      return invites.adminFigures();
    },
    async update(actor: AdminActor, input: UpdateInviteRuleRequest): Promise<AdminInviteRule> {
      await db.transaction(async (tx) => {
        const { before, after } = await invites.updateRule(tx, input);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'inviteRule.update',
          targetType: 'inviteRule',
          targetId: '1',
          before,
          after,
        });
      });
      return invites.adminFigures();
    },
  };
}

export type AdminInvites = ReturnType<typeof createAdminInvites>;

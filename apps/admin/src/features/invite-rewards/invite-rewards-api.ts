/** The invite rewards' calls: the rule with the figures, and a change of the rule (audited inviteRule.update). */
import type { AdminInviteRule, UpdateInviteRuleRequest } from '@openbourse/contracts/invites.ts';
import { api } from '@/shared/api';

export const inviteRuleKey = ['invite-rule'] as const;

export async function getInviteRule() {
  return (await api.get<AdminInviteRule>('invite-rule')).result;
}

/** Saves the rule (sent as POST: the console's client speaks GET and POST; the server takes PUT too). */
export async function saveInviteRule(input: UpdateInviteRuleRequest) {
  return (await api.post<AdminInviteRule>('invite-rule', input)).result;
}

import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Friend invitation (spec §1 friend invitation, §2 /profile/invite). Each user has an invite code and
 * a link (`/pass/register?invite=CODE`); a friend who registers with it is their invitee for good (set once,
 * at sign-up: no self-invite, no cycle). Operators set one disclosed reward rule (back office, audited):
 * a share of the trading fees each invitee pays in the real account during a period after joining,
 * optionally capped per invitee. The job runner pays it daily from the platform's fee account as
 * ledger transfers of type `invite_reward`, each day's share once.
 */

const SHARE_INPUT = /^0(\.\d{1,4})?$|^1(\.0{1,4})?$/;
const DECIMAL_INPUT = /^(0|[1-9]\d{0,17})(\.\d{1,8})?$/;

/** The reward rule as operators set it and users see it. */
export const InviteRule = z.object({
  enabled: z.boolean().describe('false: no rewards accrue (fees paid while off earn nothing)'),
  share: z.string().describe('Share of each trading fee the invitee pays, e.g. "0.2" (20 %)'),
  periodDays: z.number().int().describe('For how many days after the invitee joins their fees count'),
  currency: z.string().describe('The fee currency rewarded (USDT)'),
  capPerInvitee: z
    .string()
    .nullable()
    .describe('Most an inviter earns from one invitee in all (null: no cap), in the currency'),
  updatedAt: z.number().int().nullable().describe('Epoch ms of the last change'),
});
export type InviteRule = z.infer<typeof InviteRule>;

/** PUT /swx/admin/invite-rule (params.edit). */
export const UpdateInviteRuleRequest = z.object({
  enabled: z.boolean({ error: 'E40001' }),
  share: z.string({ error: 'E40001' }).regex(SHARE_INPUT, { error: 'E40001' }),
  periodDays: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(1, { error: 'E40001' }).max(3650, {
    error: 'E40001',
  }),
  capPerInvitee: z.string({ error: 'E40001' }).regex(DECIMAL_INPUT, { error: 'E40001' }).nullable(),
});
export type UpdateInviteRuleRequest = z.infer<typeof UpdateInviteRuleRequest>;

/** What one currency has earned the inviter. */
export const InviteEarned = z.object({ currency: z.string(), amount: z.string() });
export type InviteEarned = z.infer<typeof InviteEarned>;

/** GET /swx/customer/user/inviteSummary */
export const InviteSummary = z.object({
  code: z.string(),
  linkPath: z.string().describe('The registration path with the code, e.g. /pass/register?invite=AB12CD34'),
  rule: InviteRule,
  earned: z.array(InviteEarned).describe('Rewards paid so far, per currency'),
  invitees: z.number().int(),
  traded: z.number().int().describe('Invitees who have paid a trading fee in the real account'),
});
export type InviteSummary = z.infer<typeof InviteSummary>;

export const ListInviteesQuery = z.object({ ...pageQueryFields });
export type ListInviteesQuery = z.infer<typeof ListInviteesQuery>;

/** One invitee as the inviter sees them: masked. */
export const Invitee = z.object({
  username: z.string().describe('Masked: first and last characters kept, e.g. "al***ce"'),
  joinedAt: z.number().int(),
  traded: z.boolean().describe('Has paid a trading fee in the real account'),
  reward: z.string().describe('Rewards paid from this invitee so far (in the rule’s currency)'),
  currency: z.string(),
  rewardEndsAt: z.number().int().describe('When their fees stop counting (joined + period)'),
});
export type Invitee = z.infer<typeof Invitee>;

export const ListInviteesResult = paged(Invitee);
export type ListInviteesResult = z.infer<typeof ListInviteesResult>;

/** GET /swx/admin/invite-rule: the rule and the figures per inviter. */
export const AdminInviteFigure = z.object({
  userId: z.number().int(),
  username: z.string(),
  invitees: z.number().int(),
  rewarded: z.string(),
});
export type AdminInviteFigure = z.infer<typeof AdminInviteFigure>;

export const AdminInviteRule = z.object({
  rule: InviteRule,
  totalPaid: z.string().describe('All rewards paid, in the rule’s currency'),
  top: z.array(AdminInviteFigure).describe('The inviters with the most paid, at most 50'),
});
export type AdminInviteRule = z.infer<typeof AdminInviteRule>;

/**
 * Friend invitation (spec §1, §2 /profile/invite; README): the user's code, link and figures, the
 * invitees page (masked), the operators' reward rule, and the daily settlement run by the job runner:
 * for every UTC day ended and not yet settled, each invitee's real-account trading fees that day
 * (within their period after joining) earn their inviter the rule's share, rounded down, within the
 * cap per invitee, paid from the platform's fee account as a ledger transfer keyed by invitee and day.
 */
import type {
  InviteRule,
  InviteSummary,
  ListInviteesResult,
  UpdateInviteRuleRequest,
} from '@openbourse/contracts/invites.ts';
import { formatDecimal, fromLedger, parseDecimal } from '@openbourse/money';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { UserInvites } from '../users/users.invites.ts';
import { invitesErrors } from './invites.errors.ts';
import { invitesRepository as repo, type InviteRuleRow } from './invites.repository.ts';
import { countedWindow, DAY_MS, dayKey, dayStartOf, inviteReward, maskUsername } from './invites.rewards.ts';

/** Transfer code (ledger README): platform fees → the inviter's available balance. */
export const INVITE_REWARD_CODE = 'invite_reward';
export const inviteRewardKey = (inviteeId: number, day: string) => `invite:${inviteeId}:${day}`;

/** Days settled in one run at most (a long downtime is caught up over a few runs). */
const MAX_DAYS_PER_RUN = 400;

/** "0.2000" → "0.2"; "1.0000" → "1". */
const trimShare = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

export function createInvites(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  userInvites: UserInvites;
  /** The user's invite code (users service). */
  inviteCodeOf: (exec: Executor, userId: number) => Promise<string>;
  usernameOf: (exec: Executor, userId: number) => Promise<string>;
  /** Tells an inviter a reward was paid (notifications), in the settling transaction. */
  rewarded?: (tx: Executor, n: { userId: number; amount: string; currency: string; day: string }) => Promise<void>;
  /** After a settlement that notified someone has committed. */
  published?: () => void;
}) {
  const { db, clock, ledger, userInvites } = deps;

  async function scaleOf(exec: Executor, currency: string): Promise<number> {
    const c = await ledger.getCurrency(exec, currency);
    if (!c) throw new Error(`invites: unknown currency ${currency}`);
    return c.scale;
  }

  async function ruleRow(exec: Executor): Promise<InviteRuleRow> {
    const r = await repo.rule(exec);
    if (r) return r;
    // The migration seeds it; a database without it gets the same default.
    return repo.saveRule(exec, {
      enabled: true,
      share: '0.2',
      periodDays: 180,
      currency: 'USDT',
      capPerInvitee: null,
      updatedAt: null,
    });
  }

  async function ruleView(exec: Executor, r: InviteRuleRow): Promise<InviteRule> {
    const scale = await scaleOf(exec, r.currency);
    return {
      enabled: r.enabled,
      share: trimShare(r.share),
      periodDays: r.periodDays,
      currency: r.currency,
      capPerInvitee: r.capPerInvitee === null ? null : formatDecimal(fromLedger(r.capPerInvitee, scale), scale),
      updatedAt: r.updatedAt?.getTime() ?? null,
    };
  }

  /** Settles one UTC day (once: the day is claimed in the same transaction). Returns rewards paid. */
  async function settleDay(dayStart: number): Promise<number> {
    const day = dayKey(dayStart);
    const notes: { userId: number; amount: string; currency: string; day: string }[] = [];
    const paid = await ledger.runInTransaction(
      async (tx) => {
        if (!(await repo.claimDay(tx, day, clock.now()))) return 0;
        const rule = await ruleRow(tx);
        if (!rule.enabled || Number(rule.share) <= 0) return 0;
        const scale = await scaleOf(tx, rule.currency);
        const cap = rule.capPerInvitee === null ? null : fromLedger(rule.capPerInvitee, scale);
        const invitees = await userInvites.joinedBetween(
          tx,
          new Date(dayStart - rule.periodDays * DAY_MS),
          new Date(dayStart + DAY_MS),
        );
        const before = await repo.paidPerInvitee(
          tx,
          invitees.map((i) => i.id),
          rule.currency,
        );
        let count = 0;
        const totals = new Map<number, bigint>();
        for (const inv of invitees) {
          const w = countedWindow(dayStart, inv.createdAt.getTime(), rule.periodDays);
          if (!w) continue;
          const fees = await ledger.feesPaid(tx, {
            userIds: [inv.id],
            mode: 'real',
            currency: rule.currency,
            from: new Date(w.from),
            to: new Date(w.to),
          });
          const feeUnits = fromLedger(fees.get(inv.id) ?? '0', scale);
          const paidBefore = fromLedger(before.get(inv.id) ?? '0', scale);
          const reward = inviteReward({ fees: feeUnits, share: trimShare(rule.share), paidBefore, cap });
          if (reward <= 0n) continue;
          const amount = formatDecimal(reward, scale);
          await ledger.transfer(tx, {
            key: inviteRewardKey(inv.id, day),
            debit: { platform: 'fees', mode: 'real' },
            credit: { userId: inv.invitedBy, mode: 'real' },
            currency: rule.currency,
            amount,
            code: INVITE_REWARD_CODE,
            refType: 'invite',
            refId: String(inv.id),
            memo: day,
          });
          await repo.insertReward(tx, {
            inviterId: inv.invitedBy,
            inviteeId: inv.id,
            day,
            currency: rule.currency,
            fees: formatDecimal(feeUnits, scale),
            amount,
            createdAt: clock.now(),
          });
          totals.set(inv.invitedBy, (totals.get(inv.invitedBy) ?? 0n) + reward);
          count++;
        }
        // One notice per inviter for the day, with the day's total.
        for (const [userId, units] of totals) {
          const note = { userId, amount: formatDecimal(units, scale), currency: rule.currency, day };
          if (deps.rewarded) await deps.rewarded(tx, note);
          notes.push(note);
        }
        return count;
      },
      { retries: 3 },
    );
    if (notes.length > 0) deps.published?.();
    return paid;
  }

  return {
    scaleOf,

    async rule(): Promise<InviteRule> {
      return ruleView(db, await ruleRow(db));
    },

    /** Changes the rule in the caller's transaction: the rule before and after (for the audit). */
    async updateRule(tx: Executor, input: UpdateInviteRuleRequest): Promise<{ before: InviteRule; after: InviteRule }> {
      const current = (await repo.lockRule(tx)) ?? (await ruleRow(tx));
      const scale = await scaleOf(tx, current.currency);
      let cap: string | null = null;
      if (input.capPerInvitee !== null) {
        let units: bigint;
        try {
          units = parseDecimal(input.capPerInvitee, scale);
        } catch {
          throw invitesErrors.field('capPerInvitee');
        }
        if (units <= 0n) throw invitesErrors.field('capPerInvitee');
        cap = formatDecimal(units, scale);
      }
      const before = await ruleView(tx, current);
      const saved = await repo.saveRule(tx, {
        enabled: input.enabled,
        share: input.share,
        periodDays: input.periodDays,
        currency: current.currency,
        capPerInvitee: cap,
        updatedAt: clock.now(),
      });
      return { before, after: await ruleView(tx, saved) };
    },

    async summary(userId: number): Promise<InviteSummary> {
      const code = await deps.inviteCodeOf(db, userId);
      const r = await ruleRow(db);
      const rule = await ruleView(db, r);
      const earned = await repo.earnedBy(db, userId);
      const all = await userInvites.page(db, userId, 1, 100_000);
      const fees = await ledger.feesPaid(db, {
        userIds: all.rows.map((i) => i.id),
        mode: 'real',
        currency: r.currency,
      });
      const scales = new Map((await ledger.listCurrencies(db)).map((c) => [c.code, c.scale]));
      return {
        code,
        linkPath: `/pass/register?invite=${encodeURIComponent(code)}`,
        rule,
        earned: earned.map((e) => {
          const s = scales.get(e.currency) ?? 2;
          return { currency: e.currency, amount: formatDecimal(fromLedger(e.total, s), s) };
        }),
        invitees: all.total,
        traded: [...fees.values()].filter((v) => fromLedger(v, 18) > 0n).length,
      };
    },

    async listInvitees(userId: number, q: { page: number; size: number }): Promise<ListInviteesResult> {
      const r = await ruleRow(db);
      const scale = await scaleOf(db, r.currency);
      const { rows, total } = await userInvites.page(db, userId, q.page, q.size);
      const ids = rows.map((i) => i.id);
      const fees = await ledger.feesPaid(db, { userIds: ids, mode: 'real', currency: r.currency });
      const paid = await repo.paidPerInvitee(db, ids, r.currency);
      return {
        list: rows.map((i) => ({
          username: maskUsername(i.username),
          joinedAt: i.createdAt.getTime(),
          traded: fromLedger(fees.get(i.id) ?? '0', 18) > 0n,
          reward: formatDecimal(fromLedger(paid.get(i.id) ?? '0', scale), scale),
          currency: r.currency,
          rewardEndsAt: i.createdAt.getTime() + r.periodDays * DAY_MS,
        })),
        total,
        page: q.page,
        size: q.size,
      };
    },

    /**
     * Settles every UTC day ended and not yet settled, oldest first (from the day the first invitee
     * joined): the job's handler. Returns the days settled and rewards paid in this run.
     */
    async settle(): Promise<{ days: number; rewards: number }> {
      const end = dayStartOf(clock.now().getTime());
      const last = await repo.lastSettled(db);
      let start: number;
      if (last) start = Date.parse(`${last}T00:00:00Z`) + DAY_MS;
      else {
        const first = await userInvites.firstJoined(db);
        if (!first) return { days: 0, rewards: 0 };
        start = dayStartOf(first.getTime());
      }
      let days = 0;
      let rewards = 0;
      for (let d = start; d < end && days < MAX_DAYS_PER_RUN; d += DAY_MS) {
        rewards += await settleDay(d);
        days++;
      }
      return { days, rewards };
    },

    /** The back office's figures: the rule, all paid, the inviters paid the most. */
    async adminFigures() {
      const r = await ruleRow(db);
      const scale = await scaleOf(db, r.currency);
      const fmt = (v: string) => formatDecimal(fromLedger(v, scale), scale);
      const top = await repo.topInviters(db, r.currency, 50);
      const list = [];
      for (const t of top) {
        list.push({
          userId: Number(t.inviterId),
          username: await deps.usernameOf(db, Number(t.inviterId)),
          invitees: Number(t.invitees),
          rewarded: fmt(t.total),
        });
      }
      return { rule: await ruleView(db, r), totalPaid: fmt(await repo.totalPaid(db, r.currency)), top: list };
    },

    /** Sets a user's inviter where none is set (refused: self, a cycle, an unknown code). */
    async setInviter(exec: Executor, userId: number, inviterId: number): Promise<void> {
      if (userId === inviterId) throw invitesErrors.field('inviteCode');
      try {
        const ok = await userInvites.setInviter(exec, userId, inviterId);
        if (!ok) throw invitesErrors.field('inviteCode');
      } catch (e) {
        if (isCheckViolation(e)) throw invitesErrors.field('inviteCode');
        throw e;
      }
    },
  };
}

function isCheckViolation(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if ((cur as { code?: unknown }).code === '23514') return true;
  }
  return false;
}

export type Invites = ReturnType<typeof createInvites>;

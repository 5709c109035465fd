/**
 * The support inbox in the back office (permission `support.reply`): who the agent is, assignment to
 * agents that may reply, the audit of assignment, closing, reopening and canned-reply edits (in the
 * transaction of the change), and the customer's context beside the chat (their account, KYC
 * state, real balances, recent orders; the VIP level when the levels module gives one).
 */
import type { SupportUserContext } from '@openbourse/contracts/support.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditHook, SupportAgents } from '../support/support.agent.ts';
import type { Canned } from '../support/support.canned.ts';
import { supportErrors } from '../support/support.errors.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';
import { type AdminRole, may } from './admin.roles.ts';
import type { AdminUsers } from './admin.users.ts';

export type LevelOf = (userId: number) => Promise<{ level: number; name: string } | null>;

export function createAdminSupport(deps: {
  db: Db;
  clock: Clock;
  agents: SupportAgents;
  canned: Canned;
  users: AdminUsers;
  /** The VIP level, once the levels module offers it. */
  levelOf?: LevelOf;
}) {
  const { db, clock, agents, canned } = deps;
  const agentOf = (a: AdminActor) => ({ id: a.admin.id, name: a.admin.name });
  const audit =
    (actor: AdminActor, action: string, targetType: string, targetId: string): AuditHook =>
    (tx: Executor, before, after) =>
      repo.auditAs(tx, actor, clock.now(), { action, targetType, targetId, before, after });

  const isAgent = (a: { role: string; status: string }) =>
    a.status === 'active' && may(a.role as AdminRole, 'support.reply');

  return {
    agentOf,
    inbox: (actor: AdminActor, q: Parameters<SupportAgents['inbox']>[1]) => agents.inbox(actor.admin.id, q),
    detail: (id: number) => agents.detail(id),
    messages: agents.messages,
    reply: (actor: AdminActor, id: number, text: string) => agents.reply(agentOf(actor), id, text),
    note: (actor: AdminActor, id: number, text: string) => agents.note(agentOf(actor), id, text),
    read: (id: number) => agents.read(id),
    typing: (actor: AdminActor, id: number) => agents.typing(actor.admin.id, id),
    stats: (days: number) => agents.stats(days),

    async agentList() {
      const rows = await repo.list(db);
      return { list: rows.filter(isAgent).map((a) => ({ id: a.id, name: a.name, role: a.role })) };
    },

    /** `agentId` undefined: to oneself; null: nobody; else an active account with support.reply (40085). */
    async assign(actor: AdminActor, id: number, agentId: number | null | undefined) {
      let to: { id: number; name: string } | null;
      if (agentId === undefined) to = agentOf(actor);
      else if (agentId === null) to = null;
      else {
        const a = await repo.byId(db, agentId);
        if (!a || !isAgent(a)) throw supportErrors.notAgent();
        to = { id: a.id, name: a.name };
      }
      return agents.assign(id, to, audit(actor, 'support.assign', 'supportConversation', String(id)));
    },

    setStatus: (actor: AdminActor, id: number, status: 'open' | 'closed') =>
      agents.setStatus(
        id,
        status,
        audit(actor, status === 'closed' ? 'support.close' : 'support.reopen', 'supportConversation', String(id)),
      ),

    canned: {
      list: () => canned.list(),
      create: (actor: AdminActor, input: Parameters<Canned['create']>[0]) =>
        canned.create(input, audit(actor, 'support.canned.create', 'supportCanned', 'new')),
      update: (actor: AdminActor, id: number, input: Parameters<Canned['update']>[1]) =>
        canned.update(id, input, audit(actor, 'support.canned.update', 'supportCanned', String(id))),
      remove: (actor: AdminActor, id: number) =>
        canned.remove(id, audit(actor, 'support.canned.delete', 'supportCanned', String(id))),
    },

    /** The customer beside the chat; a visitor has only a name, an address and a language. */
    async context(id: number): Promise<SupportUserContext> {
      const c = await agents.row(id);
      if (c.userId === null) {
        return {
          userId: null,
          username: c.visitorName,
          email: c.visitorEmail,
          phone: null,
          language: c.language,
          registeredAt: null,
          status: null,
          kyc: null,
          level: null,
          balances: [],
          recentOrders: [],
        };
      }
      const [detail, orders, level] = await Promise.all([
        deps.users.detail(c.userId),
        deps.users.orders(c.userId, { mode: 'real', page: 1, size: 5 }),
        deps.levelOf ? deps.levelOf(c.userId).catch(() => null) : Promise.resolve(null),
      ]);
      const u = detail.user;
      return {
        userId: u.id,
        username: u.username,
        email: u.email,
        phone: u.phone,
        language: c.language,
        registeredAt: Date.parse(u.createdAt),
        status: u.status,
        kyc: u.kycStatus,
        level,
        balances: [
          ...detail.balances.real.map((b) => ({ mode: 'real' as const, ...b })),
          ...detail.balances.demo.map((b) => ({ mode: 'demo' as const, ...b })),
        ],
        recentOrders: orders.list.map((o) => ({
          id: o.orderNo,
          kind: 'margin',
          instrument: o.code,
          side: o.side,
          status: o.state,
          amount: o.lots,
          createdAt: o.createdAt,
        })),
      };
    },
  };
}

export type AdminSupport = ReturnType<typeof createAdminSupport>;

/**
 * The chat across two real server processes on PostgreSQL and Redis (run when TEST_DATABASE_URL and
 * TEST_REDIS_URL are given): the user's socket on one process, the agent's on the other; every
 * message, typing and read reaches the other side through the bus.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../lib/crypto.ts';
import { type ClusterNode, createClusterStore, REDIS_URL, registerOnNode, startNode } from '../../../test/cluster.ts';
import { PG_URL } from '../../../test/db.ts';
import { connectSocket } from '../../../test/socket.ts';
import { AGENT_SOCKET_PATH } from '../support.socket.ts';

type Store = Awaited<ReturnType<typeof createClusterStore>>;
const running: ClusterNode[] = [];
const stores: Store[] = [];

afterAll(async () => {
  await Promise.all(running.splice(0).map((n) => n.kill('SIGKILL')));
  await Promise.all(stores.splice(0).map((s) => s.drop()));
});

describe.skipIf(!PG_URL || !REDIS_URL)('support chat across two server processes', () => {
  it('a user on one process and an agent on the other talk in real time', async () => {
    const s = await createClusterStore();
    stores.push(s);
    const a = await startNode('a', s);
    running.push(a);
    const b = await startNode('b', s);
    running.push(b);

    // A support agent (no TOTP required for this role), signed in on process b.
    const hash = await hashPassword('Agent-pass-123');
    await s.query(
      `insert into admin_accounts (email, name, password_hash, role, status, totp_required, created_at, updated_at)
       values ('agent@admin.test', 'Agent', $1, 'support', 'active', false, now(), now())`,
      [hash],
    );
    const login = await b.call<{ token: string; scope: string }>('POST', '/swx/admin/auth/login', {
      body: { email: 'agent@admin.test', password: 'Agent-pass-123' },
    });
    expect(login.result.scope).toBe('full');
    const agent = login.result.token;

    const user = await registerOnNode(s, a, 'chatter');
    const userSocket = await connectSocket(`${a.base.replace('http', 'ws')}/message`);
    const agentSocket = await connectSocket(`${b.base.replace('http', 'ws')}${AGENT_SOCKET_PATH}`);
    try {
      expect(await userSocket.auth(user.token)).toBe(true);
      expect(await agentSocket.auth(agent)).toBe(true);

      // The user writes on a; the agent on b hears it.
      const sent = await a.call<{ id: number; conversationId: number }>('POST', '/swx/customer/support/send', {
        token: user.token,
        body: { text: 'Where is my deposit?' },
      });
      expect(sent.code).toBe(200);
      const cid = sent.result.conversationId;
      expect(await agentSocket.next((f) => f.ch === 'support' && f.type === 'message', 10_000)).toMatchObject({
        message: { text: 'Where is my deposit?', from: 'user' },
        conversation: { id: cid, userId: user.id },
      });

      await a.call('POST', '/swx/customer/support/typing', { token: user.token });
      expect(await agentSocket.next((f) => f.type === 'typing', 10_000)).toMatchObject({
        from: 'user',
        conversationId: cid,
      });

      // The agent answers on b; the user on a hears it, typing first.
      await b.call('POST', `/swx/admin/support/conversations/${cid}/typing`, { token: agent });
      expect(await userSocket.next((f) => f.ch === 'support' && f.type === 'typing', 10_000)).toMatchObject({
        from: 'agent',
      });
      const reply = await b.call<{ id: number }>('POST', `/swx/admin/support/conversations/${cid}/reply`, {
        token: agent,
        body: { text: 'It is being reviewed.' },
      });
      expect(reply.code).toBe(200);
      expect(
        await userSocket.next((f) => f.ch === 'support' && f.type === 'message' && f.unread === 1, 10_000),
      ).toMatchObject({
        message: { id: reply.result.id, text: 'It is being reviewed.', from: 'agent', agentName: 'Agent' },
      });

      // Read on a; the agent on b sees it.
      await a.call('POST', '/swx/customer/support/read', { token: user.token });
      expect(await agentSocket.next((f) => f.type === 'read' && f.by === 'user', 10_000)).toMatchObject({
        conversationId: cid,
        upTo: reply.result.id,
      });
    } finally {
      userSocket.ws.close();
      agentSocket.ws.close();
    }
  }, 120_000);
});

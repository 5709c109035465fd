/**
 * The chat in real time on one process (a listening app): a user's socket on /message and an agent's
 * on /swx/admin/support/socket hear messages, typing and read state both ways; an account without
 * support.reply, or a session signed out, hears nothing.
 */
import type { SupportMessage } from '@openbourse/contracts/support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { connectSocket, messageUrl } from '../../../test/socket.ts';
import { AGENT_SOCKET_PATH } from '../support.socket.ts';

describe.each(DRIVERS)('support sockets on %s', (driver) => {
  let t: TestApp;
  let agentUrl: string;
  let userUrl: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    userUrl = messageUrl(t.app.server);
    agentUrl = userUrl.replace('/message', AGENT_SOCKET_PATH);
  });
  afterAll(async () => t?.close());

  it('pushes messages, typing and read state between the user and the agents', async () => {
    const agent = await adminToken(t, 'support');
    const editor = await adminToken(t, 'editor');
    const u = await registerUser(t);
    const userSocket = await connectSocket(userUrl);
    const agentSocket = await connectSocket(agentUrl);
    const stranger = await connectSocket(agentUrl);
    try {
      expect(await userSocket.auth(u.token)).toBe(true);
      expect(await stranger.auth(editor)).toBe(false);
      expect(await stranger.auth(u.token)).toBe(false);
      expect(await agentSocket.auth(agent)).toBe(true);

      const sent = await t.call<SupportMessage>('POST', '/swx/customer/support/send', {
        token: u.token,
        body: { text: '<b>hi</b>' },
      });
      const cid = sent.body.result.conversationId;
      const heard = await agentSocket.next((f) => f.ch === 'support' && f.type === 'message');
      expect(heard).toMatchObject({
        message: { text: '<b>hi</b>', from: 'user' },
        conversation: { id: cid, unreadByAgent: 1, userId: u.id },
      });
      // The user's other tabs hear their own message too.
      await userSocket.next((f) => f.ch === 'support' && f.type === 'message');

      await t.call('POST', '/swx/customer/support/typing', { token: u.token });
      expect(await agentSocket.next((f) => f.type === 'typing')).toMatchObject({ conversationId: cid, from: 'user' });

      await t.call('POST', `/swx/admin/support/conversations/${cid}/typing`, { token: agent });
      expect(await userSocket.next((f) => f.type === 'typing')).toEqual({
        ch: 'support',
        type: 'typing',
        from: 'agent',
      });

      await t.call('POST', `/swx/admin/support/conversations/${cid}/read`, { token: agent });
      expect(await userSocket.next((f) => f.type === 'read')).toMatchObject({ by: 'agent', upTo: sent.body.result.id });

      const reply = await t.call<SupportMessage>('POST', `/swx/admin/support/conversations/${cid}/reply`, {
        token: agent,
        body: { text: 'Hello' },
      });
      expect(await userSocket.next((f) => f.type === 'message')).toMatchObject({
        message: { id: reply.body.result.id, text: 'Hello', from: 'agent' },
        unread: 1,
      });
      await t.call('POST', '/swx/customer/support/read', { token: u.token });
      expect(await agentSocket.next((f) => f.type === 'read' && f.by === 'user')).toMatchObject({
        conversationId: cid,
        upTo: reply.body.result.id,
      });
      expect(stranger.frames.filter((f) => f.ch === 'support')).toEqual([]);

      // Signed out: the next push finds the session gone and tells the socket so.
      agentSocket.frames.length = 0;
      await t.call('POST', '/swx/admin/auth/logout', { token: agent });
      await t.call('POST', '/swx/customer/support/send', { token: u.token, body: { text: 'still there?' } });
      expect(await agentSocket.next((f) => f.ch === 'auth')).toEqual({ ch: 'auth', ok: false });
      await new Promise((r) => setTimeout(r, 100));
      expect(agentSocket.frames.filter((f) => f.ch === 'support' && f.type === 'message')).toEqual([]);
    } finally {
      userSocket.ws.close();
      agentSocket.ws.close();
      stranger.ws.close();
    }
  });
});

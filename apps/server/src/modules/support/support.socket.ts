/**
 * Real time for the chat. Every process hears every `support` event on the bus and pushes it to its
 * own sockets: the user's signed-in sockets on /message (`{"ch":"support",…}`, through the realtime
 * module's `pushToUser`) and the agents' sockets on WebSocket `/swx/admin/support/socket`, a small
 * socket of its own for admin sessions: `{"op":"auth","token":"adm_…"}` first (an account with
 * `support.reply`; → `{"ch":"auth","ok":…}`), `"ping"` → `"pong"`. The session is checked again before
 * each push, so a sign-out or a revoked session stops them. Frame limits: the realtime module's guard.
 */
import type { SupportAgentPush, SupportUserPush } from '@openbourse/contracts/support.ts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Events } from '../events/events.service.ts';
import { classify, DEFAULT_SOCKET_LIMITS, SocketGuard } from '../realtime/socket-guard.ts';
import { SUPPORT_TOPIC, type SupportEvent } from './support.service.ts';

export const AGENT_SOCKET_PATH = '/swx/admin/support/socket';
const OPEN = 1;

/** Resolves an admin session token to an agent allowed to answer, or null. */
export type AuthenticateAgent = (token: string) => Promise<{ id: number } | null>;

export function agentSockets(app: FastifyInstance, deps: { authenticate: AuthenticateAgent }) {
  /** Signed-in agent sockets with their token. */
  const agents = new Map<WebSocket, string>();

  app.get(AGENT_SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, req) => {
    const guard = new SocketGuard(DEFAULT_SOCKET_LIMITS, () => performance.now());
    let generation = 0;
    const close = () => {
      if (guard.closed) return;
      guard.closed = 'junk';
      agents.delete(socket);
      if (socket.readyState === OPEN) socket.close(1008, 'too many or invalid messages');
    };
    socket.on('message', (data, isBinary) => {
      if (guard.closed) return;
      if (guard.frame()) return close();
      const m = classify(data as Buffer, isBinary);
      if (m.kind === 'ping') {
        socket.send('pong');
        return;
      }
      if (m.kind !== 'auth') {
        if (guard.junk()) close();
        return;
      }
      generation += 1;
      const mine = generation;
      agents.delete(socket);
      if (m.token === null) return;
      const verdict = guard.auth();
      if (verdict === 'close') return close();
      if (verdict === 'busy' || typeof m.token !== 'string' || m.token.length > 200) {
        if (verdict === 'start') guard.authDone();
        if (socket.readyState === OPEN) socket.send(JSON.stringify({ ch: 'auth', ok: false }));
        return;
      }
      const token = m.token;
      deps
        .authenticate(token)
        .then((agent) => {
          if (guard.closed || socket.readyState !== OPEN || mine !== generation) return;
          if (agent) agents.set(socket, token);
          socket.send(JSON.stringify({ ch: 'auth', ok: agent !== null }));
        })
        .catch((err: unknown) => {
          req.log.debug({ err }, 'support: agent socket sign-in failed');
          if (socket.readyState === OPEN) socket.send(JSON.stringify({ ch: 'auth', ok: false }));
        })
        .finally(() => guard.authDone());
    });
    socket.on('close', () => agents.delete(socket));
    socket.on('error', () => agents.delete(socket));
  });

  app.addHook('onClose', async () => {
    for (const s of agents.keys()) s.close(1001, 'server shutting down');
  });

  return {
    /** Signed-in agent sockets in this process. */
    count: () => agents.size,
    /** Sends a push to every signed-in agent socket whose session is still valid. */
    async push(message: SupportAgentPush): Promise<void> {
      if (agents.size === 0) return;
      const payload = JSON.stringify(message);
      const valid = new Map<string, boolean>();
      for (const [socket, token] of [...agents]) {
        let ok = valid.get(token);
        if (ok === undefined) {
          ok = (await deps.authenticate(token).catch(() => null)) !== null;
          valid.set(token, ok);
        }
        if (!ok) {
          agents.delete(socket);
          if (socket.readyState === OPEN) socket.send(JSON.stringify({ ch: 'auth', ok: false }));
        } else if (socket.readyState === OPEN) {
          socket.send(payload);
        }
      }
    },
  };
}

export type AgentSockets = ReturnType<typeof agentSockets>;

/** What each process does with a `support` event: push it to its own user and agent sockets. */
export function wireSupportPushes(deps: {
  events: Pick<Events, 'subscribe'>;
  pushToUser: (userId: number, message: SupportUserPush) => Promise<void>;
  agents: Pick<AgentSockets, 'push'>;
  onError: (err: unknown) => void;
}) {
  /** Outbox ids already pushed (the bus delivers at least once). */
  const seen = new Set<number>();
  return deps.events.subscribe(SUPPORT_TOPIC, ({ id, payload }) => {
    if (id > 0) {
      if (seen.has(id)) return;
      seen.add(id);
      if (seen.size > 5000) seen.delete(seen.values().next().value as number);
    }
    const e = payload as SupportEvent;
    const toUser = (m: SupportUserPush) => {
      if (e.userId !== null) deps.pushToUser(e.userId, m).catch(deps.onError);
    };
    const toAgents = (m: SupportAgentPush) => void deps.agents.push(m).catch(deps.onError);
    switch (e.kind) {
      case 'message':
        toUser({ ch: 'support', type: 'message', message: e.userMessage, unread: e.unread });
        toAgents({ ch: 'support', type: 'message', conversation: e.conversation, message: e.agentMessage });
        break;
      case 'read':
        if (e.by === 'agent') toUser({ ch: 'support', type: 'read', by: 'agent', upTo: e.upTo });
        toAgents({ ch: 'support', type: 'read', conversationId: e.conversationId, by: e.by, upTo: e.upTo });
        break;
      case 'conversation':
        toUser({ ch: 'support', type: 'status', status: e.conversation.status });
        toAgents({ ch: 'support', type: 'conversation', conversation: e.conversation });
        break;
      case 'typing':
        if (e.from === 'agent') toUser({ ch: 'support', type: 'typing', from: 'agent' });
        toAgents({
          ch: 'support',
          type: 'typing',
          conversationId: e.conversationId,
          from: e.from,
          agentId: e.agentId,
        });
        break;
    }
  });
}

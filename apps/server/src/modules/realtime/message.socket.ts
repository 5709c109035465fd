import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * A client whose unsent bytes exceed this is dropped: it cannot keep up (a stalled network or a
 * frozen tab), and buffering for it without bound would grow the server's memory with every
 * batch. It reconnects and resumes from the next batch (and reloads the list over HTTP).
 */
export const MAX_BUFFERED_BYTES = 1 << 20;

type Sink = {
  readyState: number;
  bufferedAmount: number;
  send(data: Buffer, opts: { binary: false }): void;
  terminate(): void;
};
const TEXT = { binary: false } as const;

/**
 * Sends `payload` to every open client as one text frame, dropping the ones that are too far
 * behind. The text is encoded once: handing `ws` a string would make every socket encode it again.
 */
export function broadcastTo(clients: Set<Sink>, payload: string, maxBuffered = MAX_BUFFERED_BYTES): number {
  const data = Buffer.from(payload);
  let dropped = 0;
  for (const c of clients) {
    if (c.readyState !== 1) continue;
    if (c.bufferedAmount > maxBuffered) {
      clients.delete(c);
      c.terminate();
      dropped++;
      continue;
    }
    c.send(data, TEXT);
  }
  return dropped;
}

/** Resolves a session token to its user id, or null (unknown, expired, revoked). */
export type Authenticate = (token: string) => Promise<{ id: number } | null>;

const MAX_TOKEN_LENGTH = 200;

/**
 * WebSocket /message (DESIGN §3): the server pushes quote batches as bare JSON arrays to everyone
 * and every other push as an object with a `ch` field. Clients may send "ping" (→ "pong") and
 * `{"op":"auth","token":"…"}` (→ `{"ch":"auth","ok":true|false}`; a null token signs the socket
 * out) to receive their private pushes, e.g. `{"ch":"orders",…}` when one of their orders changes.
 * The token is checked again before every private push, so a logout or an expiry stops them.
 */
export function messageSocket(app: FastifyInstance, deps: { authenticate: Authenticate }) {
  const clients = new Set<WebSocket>();
  /** Signed-in sockets by user, with the token each signed in with. */
  const byUser = new Map<number, Map<WebSocket, string>>();
  const userOf = new Map<WebSocket, number>();

  const signOut = (socket: WebSocket) => {
    const userId = userOf.get(socket);
    if (userId === undefined) return;
    userOf.delete(socket);
    const sockets = byUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) byUser.delete(userId);
  };

  const signIn = async (socket: WebSocket, token: unknown) => {
    signOut(socket);
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
      if (token !== null) socket.send(JSON.stringify({ ch: 'auth', ok: false }));
      return;
    }
    const user = await deps.authenticate(token);
    if (!user || socket.readyState !== 1) {
      socket.send(JSON.stringify({ ch: 'auth', ok: false }));
      return;
    }
    let sockets = byUser.get(user.id);
    if (!sockets) {
      sockets = new Map();
      byUser.set(user.id, sockets);
    }
    sockets.set(socket, token);
    userOf.set(socket, user.id);
    socket.send(JSON.stringify({ ch: 'auth', ok: true }));
  };

  app.get('/message', { websocket: true, schema: { hide: true } }, (socket) => {
    clients.add(socket);
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === 'ping') {
        socket.send('pong');
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if (message && typeof message === 'object' && (message as { op?: unknown }).op === 'auth') {
        signIn(socket, (message as { token?: unknown }).token ?? null).catch((err: unknown) =>
          app.log.warn({ err }, 'realtime: sign-in failed'),
        );
      }
    });
    const gone = () => {
      clients.delete(socket);
      signOut(socket);
    };
    socket.on('close', gone);
    socket.on('error', gone);
  });
  app.addHook('onClose', async () => {
    for (const c of clients) c.close(1001, 'server shutting down');
  });
  return {
    clients,
    /** Sends one pre-serialised frame to every open client; slow clients are dropped (MAX_BUFFERED_BYTES). */
    broadcast(payload: string) {
      const dropped = broadcastTo(clients as unknown as Set<Sink>, payload);
      if (dropped > 0) app.log.warn({ dropped }, 'realtime: dropped clients that could not keep up');
    },
    /** Sends a private push to every socket the user signed in on whose token is still valid. */
    async pushToUser(userId: number, message: object): Promise<void> {
      const sockets = byUser.get(userId);
      if (!sockets) return;
      const payload = JSON.stringify(message);
      const valid = new Map<string, boolean>();
      for (const [socket, token] of [...sockets]) {
        let ok = valid.get(token);
        if (ok === undefined) {
          ok = (await deps.authenticate(token))?.id === userId;
          valid.set(token, ok);
        }
        if (!ok) {
          signOut(socket);
          if (socket.readyState === 1) socket.send(JSON.stringify({ ch: 'auth', ok: false }));
        } else if (socket.readyState === 1) {
          socket.send(payload);
        }
      }
    },
  };
}

import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { send } from '../../http/error-handler.ts';
import { AppError } from '../../http/errors.ts';
import {
  type AbuseReason,
  classify,
  clientKey,
  createAbuseReport,
  createConnectionGate,
  DEFAULT_SOCKET_LIMITS,
  MAX_SUBSCRIPTIONS,
  type HitLimiter,
  type Now,
  SocketGuard,
  type SocketLimits,
} from './socket-guard.ts';

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
 * The largest frame a client may send (the `maxPayload` of the WebSocket server): client messages
 * are "ping" and a sign-in with a token of at most 200 characters. A bigger frame closes the
 * socket with 1009 before its payload is read.
 */
export const MAX_FRAME_BYTES = 4 * 1024;

/** How long a socket closed by the server may take to finish the closing handshake before it is cut. */
const CLOSE_GRACE_MS = 1000;

const OPEN = 1;
const CLOSED = 3;

/**
 * Closes a socket and cuts it off if the closing handshake has not finished after a grace period.
 * `stopReading` also stops reading from it at once: an abuser's queued frames are never parsed.
 */
function closeSoon(socket: WebSocket, code: number, reason: string, stopReading: boolean) {
  if (socket.readyState === OPEN) socket.close(code, reason);
  if (socket.readyState === CLOSED) return;
  if (stopReading) socket.pause();
  setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
}

/**
 * The `errorHandler` of @fastify/websocket: its default logs every socket error (an invalid frame:
 * oversize, bad UTF-8, bad opcode) at error level with a stack, which lets any client write to the
 * log at will. `ws` has already closed such a socket with the right code (1009, 1007, 1002); this
 * only makes sure it goes, and the socket module counts it in its periodic report.
 */
export function socketErrorHandler(this: unknown, error: Error, socket: WebSocket, request: FastifyRequest) {
  request.log.debug({ code: (error as { code?: string }).code, message: error.message }, 'realtime: socket error');
  closeSoon(socket, 1011, 'server error', false);
}

/**
 * WebSocket /message (DESIGN §3): the server pushes quote batches as bare JSON arrays to everyone
 * and every other push as an object with a `ch` field. Clients may send "ping" (→ "pong") and
 * `{"op":"auth","token":"…"}` (→ `{"ch":"auth","ok":true|false}`; a null token signs the socket
 * out) to receive their private pushes, e.g. `{"ch":"orders",…}` when one of their orders changes.
 * The token is checked again before every private push, so a logout or an expiry stops them.
 *
 * Limits (socket-guard.ts, README.md): frames per socket (token bucket), junk frames, sign-ins per
 * socket with one look-up in flight, frame size (MAX_FRAME_BYTES), sockets per client address in
 * this process and new sockets per address per minute in the shared limiter (429 before the
 * upgrade). Abusers are closed with 1008 and reported in one warning per 10 s at most.
 */
export function messageSocket(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; limiter: HitLimiter; now?: Now },
  options: Partial<SocketLimits> = {},
) {
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options };
  const now = deps.now ?? (() => performance.now());
  const clients = new Set<WebSocket>();
  /** Signed-in sockets by user, with the token each signed in with. */
  const byUser = new Map<number, Map<WebSocket, string>>();
  const userOf = new Map<WebSocket, number>();
  /** Sockets by topic (a spot book's pushes), and each socket's topics. */
  const byTopic = new Map<string, Set<WebSocket>>();
  const topicsOf = new Map<WebSocket, Set<string>>();
  const unsubscribe = (socket: WebSocket, topic: string) => {
    topicsOf.get(socket)?.delete(topic);
    const set = byTopic.get(topic);
    set?.delete(socket);
    if (set?.size === 0) byTopic.delete(topic);
  };
  let lastError: string | undefined;
  const report = createAbuseReport({
    warn: (counts, msg) => {
      app.log.warn({ ...counts, ...(lastError ? { lastError } : {}) }, msg);
      lastError = undefined;
    },
  });
  const gate = createConnectionGate({
    limits,
    limiter: deps.limiter,
    now,
    onLimiterError: (err) => {
      lastError = `connection limiter: ${err instanceof Error ? err.message : String(err)}`;
      report.count('limiter-error');
    },
  });

  const signOut = (socket: WebSocket) => {
    const userId = userOf.get(socket);
    if (userId === undefined) return;
    userOf.delete(socket);
    const sockets = byUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) byUser.delete(userId);
  };

  const signIn = (socket: WebSocket, userId: number, token: string) => {
    let sockets = byUser.get(userId);
    if (!sockets) {
      sockets = new Map();
      byUser.set(userId, sockets);
    }
    sockets.set(socket, token);
    userOf.set(socket, userId);
  };

  const answer = (socket: WebSocket, ok: boolean) => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify({ ch: 'auth', ok }));
  };

  /** Before the upgrade: the client address's socket cap and connection rate (429 with the envelope). */
  const admit = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.ws) return;
    const verdict = await gate.admit(clientKey(req.ip || 'unknown'));
    if (!verdict.ok) {
      report.count(verdict.reason);
      reply.header('retry-after', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
      return send(req, reply, new AppError(ErrorCode.TooManyRequests, { httpStatus: 429 }));
    }
    // The slot is held until the connection is gone, however it ends (a failed handshake too).
    const raw = req.raw.socket as typeof req.raw.socket | undefined;
    if (!raw || raw.destroyed) verdict.release();
    else raw.once('close', verdict.release);
  };

  app.get('/message', { websocket: true, schema: { hide: true }, preValidation: admit }, (socket, req) => {
    clients.add(socket);
    const guard = new SocketGuard(limits, now);
    /** Bumped by every sign-in and sign-out, so a look-up that has been overtaken is dropped. */
    let generation = 0;

    const abuse = (reason: AbuseReason) => {
      if (guard.closed) return;
      guard.closed = reason;
      report.count(reason);
      req.log.debug({ reason }, 'realtime: closing an abusive socket');
      closeSoon(socket, 1008, reason === 'auth' ? 'too many sign-ins' : 'too many or invalid messages', true);
    };

    const onAuth = (token: unknown) => {
      if (token === null) {
        generation += 1;
        signOut(socket);
        return;
      }
      const verdict = guard.auth();
      if (verdict === 'close') return abuse('auth');
      // One look-up at a time: a sign-in while one runs is refused, never queued.
      if (verdict === 'busy') return answer(socket, false);
      generation += 1;
      const mine = generation;
      signOut(socket);
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
        guard.authDone();
        return answer(socket, false);
      }
      deps
        .authenticate(token)
        .then((user) => {
          if (guard.closed || socket.readyState !== OPEN) return;
          if (!user || mine !== generation) return answer(socket, false);
          signIn(socket, user.id, token);
          answer(socket, true);
        })
        .catch((err: unknown) => {
          lastError = `sign-in: ${err instanceof Error ? err.message : String(err)}`;
          report.count('auth-error');
          req.log.debug({ err }, 'realtime: sign-in failed');
          answer(socket, false);
        })
        .finally(() => guard.authDone());
    };

    /** Every inbound frame spends from the socket's budget; false once it is being closed. */
    const spend = () => {
      if (guard.closed) return false;
      const over = guard.frame();
      if (over) abuse(over);
      return !over;
    };

    socket.on('ping', spend);
    socket.on('message', (data, isBinary) => {
      if (!spend()) return;
      const message = classify(data, isBinary);
      if (message.kind === 'ping') {
        socket.send('pong');
      } else if (message.kind === 'auth') {
        onAuth(message.token);
      } else if (message.kind === 'sub') {
        let mine = topicsOf.get(socket);
        if (!mine) {
          mine = new Set();
          topicsOf.set(socket, mine);
        }
        // Past the cap a subscription is junk: it counts towards closing the socket.
        if (!mine.has(message.topic) && mine.size >= MAX_SUBSCRIPTIONS) {
          const over = guard.junk();
          if (over) abuse(over);
          return;
        }
        mine.add(message.topic);
        let set = byTopic.get(message.topic);
        if (!set) {
          set = new Set();
          byTopic.set(message.topic, set);
        }
        set.add(socket);
      } else if (message.kind === 'unsub') {
        unsubscribe(socket, message.topic);
      } else {
        const over = guard.junk();
        if (over) abuse(over);
      }
    });
    const gone = () => {
      clients.delete(socket);
      signOut(socket);
      for (const topic of [...(topicsOf.get(socket) ?? [])]) unsubscribe(socket, topic);
      topicsOf.delete(socket);
    };
    socket.on('close', gone);
    // An invalid frame: `ws` has closed the socket with its code; socketErrorHandler makes sure it goes.
    socket.on('error', (err: Error & { code?: string }) => {
      gone();
      if (guard.closed) return;
      guard.closed = err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'oversize' : 'bad-frame';
      report.count(guard.closed);
    });
  });
  app.addHook('onClose', async () => {
    report.stop();
    for (const c of clients) c.close(1001, 'server shutting down');
  });
  return {
    clients,
    limits,
    /** Sockets held per client address in this process. */
    socketsByAddress: gate.open,
    /** Sends one pre-serialised frame to every open client; slow clients are dropped (MAX_BUFFERED_BYTES). */
    broadcast(payload: string) {
      const dropped = broadcastTo(clients as unknown as Set<Sink>, payload);
      if (dropped > 0) app.log.warn({ dropped }, 'realtime: dropped clients that could not keep up');
    },
    /** Sends one pre-serialised frame to the sockets subscribed to `topic` (slow ones are dropped). */
    publishTo(topic: string, payload: string) {
      const set = byTopic.get(topic);
      if (!set || set.size === 0) return;
      const dropped = broadcastTo(set as unknown as Set<Sink>, payload);
      if (dropped > 0) app.log.warn({ dropped, topic }, 'realtime: dropped subscribers that could not keep up');
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

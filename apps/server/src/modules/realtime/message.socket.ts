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

/**
 * WebSocket /message (DESIGN §3): the server pushes quote batches as bare JSON arrays and every
 * other push as an object with a `ch` field. Clients may send "ping" and get "pong".
 */
export function messageSocket(app: FastifyInstance) {
  const clients = new Set<WebSocket>();
  app.get('/message', { websocket: true, schema: { hide: true } }, (socket) => {
    clients.add(socket);
    socket.on('message', (data) => {
      if (data.toString() === 'ping') socket.send('pong');
    });
    socket.on('close', () => clients.delete(socket));
    socket.on('error', () => clients.delete(socket));
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
  };
}

import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

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
    /** Sends one pre-serialised frame to every open client. */
    broadcast(payload: string) {
      for (const c of clients) if (c.readyState === 1) c.send(payload);
    },
  };
}

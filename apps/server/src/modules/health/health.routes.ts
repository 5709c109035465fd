import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

export async function healthRoutes(
  app: FastifyInstance,
  { database, status }: { database: Database; status: () => Record<string, unknown> },
) {
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.driver, ...status() };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', database: database.driver });
    }
  });
}

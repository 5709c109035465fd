/**
 * Where the holder of a lease can be reached (`cluster_endpoints`): the holder writes its
 * `INTERNAL_URL` when it takes the lease (and once it listens); the others read it to send it work.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { clusterEndpoints } from './cluster.tables.ts';

export async function publishEndpoint(db: Db, clock: Clock, name: string, url: string): Promise<void> {
  const now = clock.now();
  await db
    .insert(clusterEndpoints)
    .values({ name, url, pid: process.pid, updatedAt: now })
    .onConflictDoUpdate({ target: clusterEndpoints.name, set: { url, pid: process.pid, updatedAt: now } });
}

export async function endpointOf(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select().from(clusterEndpoints).where(eq(clusterEndpoints.name, name));
  return row?.url ?? null;
}

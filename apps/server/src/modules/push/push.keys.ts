import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { pushVapid } from './push.tables.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The platform's VAPID keys: the configured pair, or the one pair kept in the database. The first
 * process to start writes a fresh pair with ON CONFLICT DO NOTHING on the single row's key, then
 * every process (that one included) reads the row back: processes starting together agree on one
 * pair, and no process ever signs with a pair of its own.
 */
export async function loadVapidKeys(
  db: Db,
  clock: Clock,
  configured: { publicKey: string | undefined; privateKey: string | undefined },
): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const [existing] = await db.select().from(pushVapid).where(eq(pushVapid.id, 1));
  if (existing) return { publicKey: existing.publicKey, privateKey: existing.privateKey };
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(pushVapid)
    .values({ id: 1, publicKey: fresh.publicKey, privateKey: fresh.privateKey, createdAt: clock.now() })
    .onConflictDoNothing({ target: pushVapid.id });
  const [row] = await db.select().from(pushVapid).where(eq(pushVapid.id, 1));
  if (!row) throw new Error('push: the VAPID key pair could not be stored');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}

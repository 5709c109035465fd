/**
 * One master key per database: processes sharing a database but neither DATA_DIR nor SECRETS_KEY
 * would each make a key of their own and could not open one another's sealed values. The first
 * process to start stores its key's fingerprint (one row: insert, on conflict nothing, then read, so
 * processes starting together agree on the first one written); a process whose key's fingerprint
 * differs is refused at start, before it seals or opens anything.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { secretKeyFingerprint } from './secret-box.tables.ts';

/** The refusal: names SECRETS_KEY and where this process's key came from. */
export class SecretKeyMismatchError extends Error {
  constructor(keySource: string) {
    super(
      `SECRETS_KEY: this process's master key for secrets at rest (from ${keySource}) is not the one this ` +
        "database's secrets are sealed under (the key's fingerprint stored at the installation's first start " +
        "differs): give every process that shares the database the same SECRETS_KEY — the installation's key, e.g. " +
        "the contents of the first process's DATA_DIR/secrets.key — or the same DATA_DIR",
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/** Stores this key's fingerprint when none is stored yet; throws SecretKeyMismatchError when another is. */
export async function checkKeyFingerprint(
  exec: Executor,
  key: { fingerprint: string; keySource: string },
  clock: Clock,
): Promise<void> {
  await exec
    .insert(secretKeyFingerprint)
    .values({ id: 1, fingerprint: key.fingerprint, createdAt: clock.now() })
    .onConflictDoNothing({ target: secretKeyFingerprint.id });
  const [row] = await exec.select().from(secretKeyFingerprint).where(eq(secretKeyFingerprint.id, 1));
  if (!row) throw new Error('secret box: the master key fingerprint could not be stored');
  if (row.fingerprint !== key.fingerprint) throw new SecretKeyMismatchError(key.keySource);
}

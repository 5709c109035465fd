import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import type { Transport } from '../mail.relay.ts';
import { createMailer } from '../mailer.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

describe.each(DRIVERS)('mail outbox on %s', (driver) => {
  let database: Database;
  const clock = new ManualClock('2026-11-24T12:00:00Z');
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  const message = (recipient: string) => ({
    channel: 'email' as const,
    recipient,
    subject: 'Hello',
    body: 'Code 123456',
  });
  const state = async (recipient: string) => {
    const [row] = await queryRows<{ status: string; attempts: number; error: string | null; next_attempt_at: unknown }>(
      database.db,
      sql`select status, attempts, error, next_attempt_at from outbox where recipient = ${recipient}`,
    );
    return row;
  };

  it('sends nothing until the transaction commits, and nothing that rolled back', async () => {
    const sent: string[] = [];
    const mailer = createMailer({
      db: database.db,
      from: 'x@localhost',
      clock,
      log: quiet,
      transport: async (m) => {
        sent.push(m.recipient);
      },
    });
    await database.db
      .transaction(async (tx) => {
        await mailer.enqueue(tx, message('never@example.com'));
        // Not committed: a relay on another connection cannot see it. (PGlite has one connection:
        // a query beside the open transaction would wait for it.)
        if (driver === 'postgres') expect(await mailer.drain()).toBe(0);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => mailer.enqueue(tx, message('once@example.com')));
    expect(await mailer.drain()).toBe(1);
    expect(await state('never@example.com')).toBeUndefined();
    expect(sent).toEqual(['once@example.com']);
    expect(await state('once@example.com')).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it('retries a failed delivery with backoff, and gives up after the last step, its state visible', async () => {
    let failures = 3;
    const sent: string[] = [];
    const transport: Transport = async (m) => {
      if (failures-- > 0) throw new Error('smtp 451 try later');
      sent.push(m.recipient);
    };
    const mailer = createMailer({
      db: database.db,
      from: 'x@localhost',
      clock,
      log: quiet,
      transport,
      relay: { backoffMs: [60_000, 300_000, 900_000] },
    });
    await mailer.enqueue(database.db, message('retry@example.com'));
    expect(await mailer.drain()).toBe(1);
    expect(await state('retry@example.com')).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'smtp 451 try later',
    });
    expect(await mailer.drain()).toBe(0); // not due yet
    clock.advance(60_000);
    expect(await mailer.drain()).toBe(1);
    clock.advance(300_000);
    expect(await mailer.drain()).toBe(1);
    expect(await state('retry@example.com')).toMatchObject({ status: 'queued', attempts: 3 });
    clock.advance(900_000);
    expect(await mailer.drain()).toBe(1);
    expect(await state('retry@example.com')).toMatchObject({ status: 'sent', attempts: 4, error: null });
    expect(sent).toEqual(['retry@example.com']);

    failures = 100;
    await mailer.enqueue(database.db, message('bounce@example.com'));
    for (const wait of [0, 60_000, 300_000, 900_000]) {
      clock.advance(wait);
      await mailer.drain();
    }
    expect(await state('bounce@example.com')).toMatchObject({ status: 'failed', attempts: 4 });
  });

  it('two relays (two processes) send each message once; a claim whose relay died is retried', async () => {
    const sent: string[] = [];
    const transport: Transport = async (m) => {
      sent.push(m.recipient);
    };
    const relays = [0, 1].map(() =>
      createMailer({ db: database.db, from: 'x@localhost', clock, log: quiet, transport, relay: { batch: 3 } }),
    );
    const n = 40;
    for (let i = 0; i < n; i++) await relays[0]!.enqueue(database.db, message(`bulk${i}@example.com`));
    await Promise.all([relays[0]!.drain(), relays[1]!.drain(), relays[1]!.drain()]);
    expect(sent).toHaveLength(n);
    expect(new Set(sent).size).toBe(n);

    await relays[0]!.enqueue(database.db, message('orphan@example.com'));
    await database.db.execute(
      sql`update outbox set status = 'sending', claimed_until = ${new Date(clock.now().getTime() + 60_000).toISOString()}::timestamptz
          where recipient = 'orphan@example.com'`,
    );
    expect(await relays[1]!.drain()).toBe(0);
    clock.advance(61_000);
    expect(await relays[1]!.drain()).toBe(1);
    expect(sent.at(-1)).toBe('orphan@example.com');
  });

  it('without a transport, logs the message and records it as logged', async () => {
    const lines: object[] = [];
    const mailer = createMailer({
      db: database.db,
      from: 'x@localhost',
      clock,
      log: { ...(quiet as object), info: (obj: object) => lines.push(obj) } as never,
    });
    await mailer.enqueue(database.db, message('log@example.com'));
    await mailer.drain();
    expect(await state('log@example.com')).toMatchObject({ status: 'logged' });
    expect(lines).toContainEqual(expect.objectContaining({ to: 'log@example.com', body: 'Code 123456' }));
  });
});

import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { outbox } from './mail.tables.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/** A message written in the caller's transaction, to deliver once that transaction has committed. */
export interface QueuedMessage extends OutgoingMessage {
  id: number;
}

/**
 * Every message is written to the outbox inside the transaction that causes it (`enqueue`), and
 * delivered only after that transaction commits (`deliver`): nothing is sent from inside a
 * transaction, and the request never waits for a mail server, so how long it takes says nothing
 * about whether a message went out. With SMTP_URL, e-mail is delivered through it; without, it
 * goes to the server log (the operator reads codes there in a local install). SMS has no provider
 * yet: it is logged and kept in the outbox.
 */
export interface Mailer {
  enqueue(exec: Executor, message: OutgoingMessage): Promise<QueuedMessage>;
  /** Records a message deliberately not sent (e.g. a reset code for an address with no account). */
  skip(exec: Executor, message: OutgoingMessage, reason: string): Promise<void>;
  /** Delivers committed messages in the background; failures are recorded on the row and logged. */
  deliver(messages: QueuedMessage[]): void;
}

export function createMailer(opts: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  async function deliverOne(message: QueuedMessage) {
    let status = 'logged';
    let error: string | null = null;
    if (transport && message.channel === 'email') {
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
        });
        status = 'sent';
      } catch (err) {
        status = 'failed';
        error = err instanceof Error ? err.message : String(err);
        opts.log.error({ err, recipient: message.recipient }, 'mail delivery failed');
      }
    } else {
      opts.log.info(
        { channel: message.channel, to: message.recipient, subject: message.subject, body: message.body },
        'outgoing message (no delivery configured)',
      );
    }
    await opts.db.update(outbox).set({ status, error }).where(eq(outbox.id, message.id));
  }

  return {
    async enqueue(exec, message) {
      const [row] = await exec
        .insert(outbox)
        .values({ ...message, status: 'queued', error: null, createdAt: opts.clock.now() })
        .returning({ id: outbox.id });
      return { ...message, id: Number(row?.id) };
    },

    async skip(exec, message, reason) {
      await exec
        .insert(outbox)
        .values({ ...message, body: '', status: 'skipped', error: reason, createdAt: opts.clock.now() });
    },

    deliver(messages) {
      for (const m of messages) {
        deliverOne(m).catch((err: unknown) =>
          opts.log.error({ err, outboxId: m.id }, 'mail: recording delivery failed'),
        );
      }
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMailRelay, type MailRelayOptions, type Transport } from './mail.relay.ts';
import { outbox } from './mail.tables.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Every message is written to the outbox inside the transaction that causes it (`enqueue`) and
 * delivered by the mail relay after that transaction commits (`sent()` nudges it; it also polls):
 * nothing is sent from inside a transaction or while a lock is held, the request never waits for
 * a mail server (so how long it takes says nothing about whether a message went out), and a
 * failed delivery is retried with backoff. With SMTP_URL, e-mail is delivered through it; without,
 * it goes to the server log (the operator reads codes there in a local install). SMS has no
 * provider yet: it is logged and kept in the outbox.
 */
export interface Mailer {
  enqueue(exec: Executor, message: OutgoingMessage): Promise<void>;
  /** Records a message deliberately not sent (e.g. a reset code for an address with no account). */
  skip(exec: Executor, message: OutgoingMessage, reason: string): Promise<void>;
  /** After the transaction that enqueued has committed: deliver now rather than at the next poll. */
  sent(): void;
  start(): void;
  stop(): Promise<void>;
  /** Delivers what is due now (tests, shutdown). */
  drain(): Promise<number>;
}

export function createMailer(opts: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
  relay?: Partial<MailRelayOptions>;
  /** Replaces SMTP (tests). */
  transport?: Transport;
}): Mailer {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const transport: Transport | null =
    opts.transport ??
    (smtp
      ? async (m) => {
          await smtp.sendMail({ from: opts.from, to: m.recipient, subject: m.subject, text: m.body });
        }
      : null);
  const relay = createMailRelay({
    db: opts.db,
    clock: opts.clock,
    log: opts.log,
    transport,
    ...(opts.relay ? { options: opts.relay } : {}),
  });
  return {
    async enqueue(exec, message) {
      await exec
        .insert(outbox)
        .values({ ...message, status: 'queued', nextAttemptAt: opts.clock.now(), createdAt: opts.clock.now() });
    },
    async skip(exec, message, reason) {
      await exec
        .insert(outbox)
        .values({ ...message, body: '', status: 'skipped', error: reason, createdAt: opts.clock.now() });
    },
    sent: () => relay.kick(),
    start: () => relay.start(),
    stop: () => relay.stop(),
    drain: () => relay.drain(),
  };
}

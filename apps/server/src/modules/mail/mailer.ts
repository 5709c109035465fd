import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { outbox } from './mail.tables.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Every message is written to the outbox. With SMTP_URL, e-mail is delivered through it; without,
 * it goes to the server log (the operator reads codes there in a local install). SMS has no
 * provider yet: it is logged and kept in the outbox.
 */
export interface Mailer {
  send(exec: Executor, message: OutgoingMessage): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(exec, message) {
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
      await exec.insert(outbox).values({ ...message, status, error, createdAt: opts.clock.now() });
    },
  };
}

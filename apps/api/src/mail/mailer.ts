import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (kept in the outbox for operators and e2e runs). */
  link?: string;
}

export interface Mailer {
  /** Sends through SMTP when configured; otherwise logs the link and keeps the message in `outbox`. */
  send(db: DbOrTx, message: MailMessage): Promise<void>;
  close(): void;
}

export const FROM_ADDRESS = 'Mojud <no-reply@mojud.app>';

export function createMailer(opts: { smtpUrl?: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(db, message) {
      if (transport) {
        await transport.sendMail({ from: FROM_ADDRESS, to: message.to, subject: message.subject, text: message.text });
        return;
      }
      await db.insert(outbox).values({
        toAddress: message.to,
        subject: message.subject,
        body: message.text,
        link: message.link ?? null,
      });
      opts.log.info({ to: message.to, link: message.link }, `E-mail not sent (no SMTP_URL): ${message.subject}`);
    },
    close() {
      transport?.close();
    },
  };
}

import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { mailQueue } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (kept in the mail queue for operators and e2e runs). */
  link?: string;
  /** The language the message is written in (sent as its Content-Language). */
  locale?: 'en' | 'bn';
}

export const FROM_ADDRESS = 'Mojud <no-reply@mojud.app>';

/**
 * Writes an e-mail to the mail queue, inside the caller's transaction: it exists only if the change
 * that needs it commits. Delivery is a job (jobs/queue.ts): the caller queues it with
 * `app.jobs.deliverMail` once committed, and a periodic sweep picks up any row left unqueued.
 */
export async function recordMail(db: DbOrTx, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailQueue)
    .values({
      toAddress: message.to,
      subject: message.subject,
      body: message.text,
      link: message.link ?? null,
      locale: message.locale ?? 'en',
    })
    .returning({ id: mailQueue.id });
  return row.id;
}

/**
 * Queues delivery of mails a committed transaction wrote. A failure to queue is only logged: the
 * mail queue's sweep picks up any row left unqueued, so the answer never depends on it.
 */
export async function queueMails(request: FastifyRequest, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await request.server.jobs?.deliverMail(ids).catch((error: unknown) => request.log.warn({ err: error }, 'e-mail not queued yet'));
}

import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import type { Mail, Mailer } from '../../platform/mail';
import { outbox } from './mail.tables';

export const MAIL_FROM = 'Zaryad <no-reply@zaryad.local>';

/**
 * Delivery happens after the request has been answered: an SMTP round trip would both slow the answer and reveal
 * through timing whether an account exists.
 */
export const createMailer = (options: {
  db: Database;
  smtpUrl: string | undefined;
  log: FastifyBaseLogger;
}): Mailer => {
  // nodemailer loads with the first mail to send: a start without SMTP_URL never needs it (0.05-0.15 s of the start).
  const smtpUrl = options.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const transportOf = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  const pending = new Set<Promise<void>>();

  const deliver = async (id: number, mail: Mail) => {
    if (!smtpUrl) {
      // A mail's text may hold a link that signs in (password recovery): only its envelope is logged above debug.
      options.log.info({ to: mail.to, subject: mail.subject }, 'SMTP_URL is not set: mail kept in the outbox table');
      options.log.debug({ mail }, 'mail kept in the outbox table');
      return;
    }
    try {
      await (
        await transportOf(smtpUrl)
      ).sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
      await options.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
    } catch (error) {
      options.log.error({ err: error, to: mail.to }, 'mail delivery failed');
      await options.db
        .update(outbox)
        .set({ error: String(error).slice(0, 2000) })
        .where(eq(outbox.id, id))
        .catch(() => undefined);
    }
  };

  return {
    async send(mail) {
      const [row] = await options.db
        .insert(outbox)
        .values({ recipient: mail.to, subject: mail.subject, text: mail.text })
        .returning({ id: outbox.id });
      const delivery = deliver(row?.id ?? 0, mail).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    later(work) {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => options.log.error({ err: error }, 'background work failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async flush() {
      // Work run later may queue a mail: wait until nothing is left.
      while (pending.size > 0) {
        await Promise.allSettled([...pending]);
      }
    },
    async close() {
      while (pending.size > 0) {
        await Promise.allSettled([...pending]);
      }
      (await transport?.catch(() => undefined))?.close();
    },
  };
};

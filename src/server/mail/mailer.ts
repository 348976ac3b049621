import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/** One message, always in both forms: plain text for every client, HTML for the rest. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where a message went: to the SMTP server, or (no SMTP_URL) into the outbox folder. */
export type MailDelivery = 'sent' | 'outbox';

export interface Mailer {
  /**
   * Delivers now and says where the message went; rejects when the SMTP server refuses or the
   * outbox cannot be written.
   */
  send(message: MailMessage): Promise<MailDelivery>;
  /**
   * Delivers without making the caller wait (so a request's timing reveals nothing about
   * whether a mail went out). Failures are logged; pending deliveries finish before shutdown.
   */
  sendInBackground(message: MailMessage): void;
  /** Settles once every background delivery started so far has finished, sent or not. */
  delivered(): Promise<void>;
  close(): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise each message is rendered to an .eml
 * file in DATA_DIR/outbox (by nodemailer too, so both ways produce the same MIME) and logged,
 * so a fresh installation without a mail server still shows what it would have sent.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const smtp = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : undefined;
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const pending = new Set<Promise<void>>();
  const delivered = async () => {
    await Promise.all(pending);
  };

  const send = async (message: MailMessage): Promise<MailDelivery> => {
    const envelope = { from: config.mail.from, ...message };
    if (smtp) {
      await smtp.sendMail(envelope);
      log.info({ to: message.to, subject: message.subject }, 'Mail sent');
      return 'sent';
    }
    const rendered = await renderer.sendMail(envelope);
    const dir = outboxDir(config.dataDir);
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
    );
    await fs.writeFile(file, rendered.message as Buffer);
    log.info(
      { to: message.to, subject: message.subject, file },
      'Mail written to the outbox (SMTP_URL is not set)',
    );
    return 'outbox';
  };

  return {
    send,
    sendInBackground(message) {
      const delivery = send(message)
        .then(() => undefined)
        .catch((error: unknown) =>
          log.error({ err: error, to: message.to, subject: message.subject }, 'Mail not delivered'),
        )
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    delivered,
    async close() {
      await delivered();
      smtp?.close();
      renderer.close();
    },
  };
}

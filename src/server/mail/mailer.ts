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

/**
 * The transport alone: what sends a message. The product never calls it directly; every mail
 * goes through the outbox (outbox.ts, decision 0038), which calls it to deliver.
 */
export interface Mailer {
  /**
   * Delivers now and says where the message went; rejects when the SMTP server refuses or the
   * outbox folder cannot be written.
   */
  send(message: MailMessage): Promise<MailDelivery>;
  close(): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * Time limits of one SMTP sending, well inside the outbox's claim on a mail (outbox.ts): the
 * library's own (two minutes to connect, ten of silence) would let a claim run out mid-sending.
 */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise each message is rendered to an .eml
 * file in DATA_DIR/outbox (by nodemailer too, so both ways produce the same MIME) and logged,
 * so a fresh installation without a mail server still shows what it would have sent.
 */
export function createMailer(config: Config, log: FastifyBaseLogger, clock: () => Date): Mailer {
  const smtp = config.mail.smtpUrl
    ? nodemailer.createTransport({ url: config.mail.smtpUrl, ...smtpTimeouts })
    : undefined;
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true });

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
      `${clock().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
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
    async close() {
      smtp?.close();
      renderer.close();
    },
  };
}

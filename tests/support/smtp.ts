import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * A local port that nothing listens on: a mailer pointed at it is refused at once, as by a mail
 * server that is down, until a server starts there (`startSmtpServer({ port })`).
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A real SMTP server on a free local port (or the one given: a mail server coming back),
 * keeping what it receives.
 */
export async function startSmtpServer(options: { port?: number } = {}) {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        const waiter = waiting.shift();
        if (waiter) waiter(mail);
        else received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The next message to arrive (or one that already arrived and was not taken yet). */
    nextMail: () =>
      new Promise<ReceivedMail>((resolve) => {
        const mail = received.shift();
        if (mail) resolve(mail);
        else waiting.push(resolve);
      }),
    /** Messages that arrived and were not taken by nextMail(). */
    untaken: () => [...received],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as in a non-ASCII subject. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Just enough MIME for our own messages: the subject and the text and HTML alternatives. */
function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = headersOf(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts: Record<string, string> = {};
  if (boundary) {
    for (const part of rest.join('\r\n\r\n').split(`--${boundary}`)) {
      const [partHead = '', ...partBody] = part.split(/\r?\n\r?\n/);
      const partHeaders = headersOf(partHead);
      const type = /^(text\/(?:plain|html))/.exec(partHeaders['content-type'] ?? '')?.[1];
      if (type) {
        parts[type] = decodeBody(
          partBody.join('\r\n\r\n').trim(),
          partHeaders['content-transfer-encoding'],
        );
      }
    }
  }
  return {
    subject: decodeHeader(headers.subject ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
    raw,
  };
}

/** A running local SMTP server (see `startSmtpServer`). */
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

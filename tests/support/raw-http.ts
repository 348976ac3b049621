import net from 'node:net';

export interface RawAnswer {
  /** The status of the answer's status line; undefined when none came before the time ran out. */
  status: number | undefined;
  /** Everything the server sent, as latin1 text (one character a byte). */
  text: string;
}

/**
 * Whether `text` holds a whole answer: its header, and the body its Content-Length names (or,
 * for an event stream, the header alone).
 */
function isComplete(text: string): boolean {
  const headerEnd = text.indexOf('\r\n\r\n');
  if (headerEnd === -1) return false;
  const header = text.slice(0, headerEnd);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(header)?.[1]);
  if (status === 204 || status === 304) return true;
  // An event stream stays open for as long as it is read: its header is its whole answer.
  if (/\r\ncontent-type:\s*text\/event-stream/i.test(header)) return true;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(header)?.[1];
  // Without a length the answer ends when the server closes the connection.
  return length !== undefined && text.length - (headerEnd + 4) >= Number(length);
}

/**
 * Writes a request over a socket exactly as given (which `inject` and fetch would normalise)
 * and reads the answer until the server closes the connection or the answer is complete.
 * After `timeoutMs` without a whole answer the status is undefined: no answer.
 */
export function sendRaw(
  port: number,
  request: string | Buffer,
  { timeoutMs }: { timeoutMs: number },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    // Never half-closed: a server may drop a half-closed connection before a slow answer is out.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    let settled = false;
    const finish = (answered: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const status = answered ? /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] : undefined;
      resolve({ status: status === undefined ? undefined : Number(status), text });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (isComplete(text)) finish(true);
    });
    // A reset after the answer is the server's way to end a refused request; what came counts.
    socket.on('error', () => {});
    socket.on('close', () => finish(true));
  });
}

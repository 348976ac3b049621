// The probe's HTTP client: raw bytes over node:net to 127.0.0.1, so a request can carry what no
// well-behaved client sends (bad UTF-8 and NUL in the request line, an absolute URL, a body
// shorter than its Content-Length, a socket closed midway). Also: the tally of what the answers
// reveal, a bounded worker pool, and the seeded PRNG every generated case comes from.
import net from 'node:net';

export const requestTimeoutMs = 10_000;

/** Deterministic PRNG (mulberry32), so a run with the same seed sends the same requests. */
export function prng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max) => Math.floor(next() * max),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

let addressCounter = 0;
/** A fresh client address for X-Forwarded-For (TRUST_PROXY=true), so per-address limits stay out of the way. */
export function nextAddress() {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Sends one request and reads the answer. `target` is the request-target exactly as written on
 * the request line (a string is sent as latin1, so "\xff" is the byte 0xff; a Buffer as is).
 * `mode`: 'full' sends everything; 'short' sends `sendBytes` of the body then half-closes (the
 * server must still answer or close); 'cut' sends `sendBytes` then destroys the socket (nothing
 * to wait for). `timeoutMs` (10 s unless given) is how long an answer may take before it counts
 * as a hang. Resolves { status, headers, body, hang, reset }.
 */
export function send(port, request) {
  const {
    method,
    target,
    headers = {},
    body,
    mode = 'full',
    sendBytes = 0,
    timeoutMs = requestTimeoutMs,
  } = request;
  const bodyBuffer = body === undefined ? undefined : Buffer.from(body);
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
  const hasLength = Object.keys(headers).some((name) =>
    /^(content-length|transfer-encoding)$/i.test(name),
  );
  if (bodyBuffer && !hasLength) lines.push(`Content-Length: ${bodyBuffer.length}`);
  for (const [name, value] of Object.entries(headers)) {
    for (const one of [value].flat()) lines.push(`${name}: ${one}`);
  }
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve) => {
    const chunks = [];
    let settled = false;
    const socket = net.connect({ host: '127.0.0.1', port });
    const finish = (extra) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseResponse(Buffer.concat(chunks)), ...extra });
    };
    const timer = setTimeout(
      () => finish({ hang: !isComplete(Buffer.concat(chunks), method === 'HEAD') }),
      timeoutMs,
    );
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (isComplete(Buffer.concat(chunks), method === 'HEAD')) finish({});
    });
    socket.on('end', () => finish({}));
    socket.on('close', () => finish({}));
    socket.on('error', (error) => {
      // A reset after a complete answer is the server closing early, which is allowed.
      finish({ reset: chunks.length === 0 ? (error.code ?? 'error') : undefined });
    });
    socket.on('connect', () => {
      if (mode === 'full') {
        // Not end(): a half-closed socket lets Node's server drop an answer it is still preparing.
        socket.write(bodyBuffer ? Buffer.concat([head, bodyBuffer]) : head);
      } else if (mode === 'short') {
        socket.end(Buffer.concat([head, (bodyBuffer ?? Buffer.alloc(0)).subarray(0, sendBytes)]));
      } else {
        socket.write(
          Buffer.concat([head, (bodyBuffer ?? Buffer.alloc(0)).subarray(0, sendBytes)]),
          () => {
            settled = true;
            clearTimeout(timer);
            socket.destroy();
            resolve({ status: 0, headers: {}, body: '', cut: true });
          },
        );
      }
    });
  });
}

/** Whether a buffer holds a whole HTTP response (by Content-Length or the last chunk). */
function isComplete(buffer, isHead) {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = buffer.subarray(0, end).toString('latin1');
  if (isHead) return true;
  const rest = buffer.length - end - 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return rest >= Number(length[1]);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head))
    return buffer.subarray(-5).toString() === '0\r\n\r\n';
  return /^HTTP\/1\.1 (1\d\d|204|304)/.test(head);
}

function parseResponse(buffer) {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: buffer.toString('latin1') };
  const [statusLine, ...headerLines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const headers = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = buffer.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1]) || 0, headers, body: body.toString('utf8') };
}

function unchunk(buffer) {
  const parts = [];
  let at = 0;
  while (at < buffer.length) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

// What a response must never show: a stack frame, a source or install path, SQL or a driver
// code, the name of a JavaScript error class, or a file from outside the data folder.
const leakPatterns = [
  /\n\s+at /,
  /\/src\//,
  /node_modules/,
  /\/work\//,
  /SQLITE_/,
  // SQL as Kysely writes it (quoted names), not page text such as "select ... from the list".
  /\bselect\s+("|\*|count\()[^<>]{0,200}\bfrom\s+"/i,
  /\binsert into\s+"/i,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|EvalError|URIError|AggregateError)\b/,
  /root:x:0:0/,
];

export function leakIn(body) {
  return leakPatterns.find((pattern) => pattern.test(body))?.source;
}

/** Counts and the first examples of each kind of failure. */
export function createTally() {
  const tally = { sent: 0, statuses: {}, failures: {}, examples: {} };
  tally.fail = (kind, example) => {
    tally.failures[kind] = (tally.failures[kind] ?? 0) + 1;
    const list = (tally.examples[kind] ??= []);
    if (list.length < 5) list.push(example);
  };
  tally.count = (kind) => tally.failures[kind] ?? 0;
  /** What is worth a look but not a failure: kept apart from the failures. */
  tally.notes = {};
  tally.note = (kind, example) => {
    const entry = (tally.notes[kind] ??= { count: 0, examples: [] });
    entry.count += 1;
    if (entry.examples.length < 5) entry.examples.push(example);
  };
  return tally;
}

const printable = (text) =>
  String(text).replace(
    // eslint-disable-next-line no-control-regex -- control bytes are what it makes readable
    /[\x00-\x1f\x7f-\xff]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );

export const describe = (request, response, note) => ({
  method: printable(request.method).slice(0, 20),
  path: printable(request.label ?? request.target).slice(0, 140),
  ...(request.refuse || request.mode
    ? { case: printable(request.refuse ?? request.mode).slice(0, 80) }
    : {}),
  status: response.status,
  ...(note ? { note: printable(note).slice(0, 160) } : {}),
});

/**
 * Judges one answer: a 5xx, a hang, a leak of internals, or a 2xx (other than an HTML page)
 * where the request had to be refused (`request.refuse`). Returns the response for callers that look further.
 */
export function judge(tally, request, response) {
  tally.sent += 1;
  const key = response.cut
    ? 'cut'
    : response.hang
      ? 'hang'
      : response.reset
        ? 'reset'
        : response.status;
  tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
  if (response.hang) tally.fail('hangs', describe(request, response, 'no answer in 10 s'));
  if (response.status >= 500)
    tally.fail('5xx', describe(request, response, response.body.slice(0, 160)));
  const leak = response.body ? leakIn(response.body) : undefined;
  if (leak)
    tally.fail('leaks', describe(request, response, `${leak}: ${response.body.slice(0, 120)}`));
  // An HTML page is the router serving a page for a path no API route matched, not the route.
  const isPage = /text\/html/.test(response.headers['content-type'] ?? '');
  if (request.refuse && response.status >= 200 && response.status < 300 && !isPage) {
    tally.fail('wrong 2xx', describe(request, response, request.refuse));
  }
  // Closing without a word is fine for a body cut short, not for a whole request (CONNECT aside:
  // Node's server drops it by design when nothing tunnels).
  const expectsAnswer = request.mode !== 'short' && request.method !== 'CONNECT';
  if (response.status === 0 && !response.hang && !response.cut && expectsAnswer) {
    tally.note('closed without an answer', describe(request, response, response.reset));
  }
  return response;
}

/** Runs `work` over `items` with at most `concurrency` at a time, stopping new work at `deadline`. */
export async function pool(items, concurrency, deadline, work) {
  let next = 0;
  let skipped = 0;
  const worker = async () => {
    while (next < items.length) {
      if (performance.now() > deadline) {
        skipped = items.length - next;
        next = items.length;
        return;
      }
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { skipped };
}

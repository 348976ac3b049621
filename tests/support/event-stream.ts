import http from 'node:http';
import { expect } from 'vitest';
import type { Notification } from '../../src/domain/notifications.ts';

/** One Server-Sent Event as a browser's EventSource would hand it over. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far, in order (comments and `retry:` lines are not events). */
  events: StreamEvent[];
  /** The body so far, as received (an answer that is no stream: its error JSON). */
  text(): string;
  /** The first event, received or still to come, that `matches`; rejects after `timeoutMs`. */
  waitFor(matches: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream (or the connection breaks). */
  ended: Promise<void>;
  /** Whether the stream has ended. */
  hasEnded(): boolean;
  close(): void;
}

/**
 * Opens `GET url` as an EventSource would (`Accept: text/event-stream`, the Last-Event-ID of a
 * reconnection), over a real socket, and parses what arrives. Resolves once the head is in.
 */
export function openEventStream(
  url: string,
  options: { cookie?: string; lastEventId?: string } = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, {
      headers: {
        accept: 'text/event-stream',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
      },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      response.setEncoding('utf8');
      const events: StreamEvent[] = [];
      const waiters = new Set<(event: StreamEvent) => void>();
      let body = '';
      let pending = '';
      let hasEnded = false;
      const ended = new Promise<void>((done) => {
        response.once('close', () => {
          hasEnded = true;
          done();
        });
      });
      response.on('data', (chunk: string) => {
        body += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields = block
            .split('\n')
            .filter((line) => line && !line.startsWith(':'))
            .map((line) => {
              const colon = line.indexOf(':');
              return [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')] as const;
            });
          const data = fields.filter(([name]) => name === 'data').map(([, value]) => value);
          if (!data.length) continue;
          const event: StreamEvent = {
            id: fields.find(([name]) => name === 'id')?.[1],
            event: fields.find(([name]) => name === 'event')?.[1] ?? 'message',
            data: data.join('\n'),
          };
          events.push(event);
          for (const waiter of waiters) waiter(event);
        }
      });
      response.on('error', () => {});
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        text: () => body,
        ended,
        hasEnded: () => hasEnded,
        close: () => request.destroy(),
        waitFor: (matches, timeoutMs = streamPatienceMs) => {
          const found = events.find(matches);
          if (found) return Promise.resolve(found);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              rejectEvent(new Error(`No matching event within ${timeoutMs} ms`));
            }, timeoutMs);
            const waiter = (event: StreamEvent) => {
              if (!matches(event)) return;
              clearTimeout(timer);
              waiters.delete(waiter);
              resolveEvent(event);
            };
            waiters.add(waiter);
          });
        },
      });
    });
  });
}

/**
 * How long a test waits for a stream's event or end: long enough that a machine busy with a whole
 * test run never runs out of it (a loaded CI machine once took over a second), so a failure means
 * it never came. How fast events come is measured by bench/notification-streams.mjs, not here.
 */
export const streamPatienceMs = 10_000;

/** Resolves when `promise` does, or rejects after `timeoutMs`: a wait on an event, bounded. */
export function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What an act's caller needs: a POST with a JSON body, answered as `app.inject` answers. */
export interface Poster {
  post(url: string, payload?: object): Promise<{ statusCode: number; body: string; json<T>(): T }>;
}

/** POSTs over a real socket to `baseUrl` with the session cookie `cookie`, as `inject` would. */
export function httpClient(baseUrl: string, cookie: string): Poster & { cookie: string } {
  return {
    cookie,
    post: async (url, payload) => {
      const response = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: {
          cookie,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const body = await response.text();
      return { statusCode: response.status, body, json: <T>() => JSON.parse(body) as T };
    },
  };
}

/**
 * An act that notifies a creator: an administrator records and publishes the creator's pay for
 * `month` of 2026 (one entry per creator and month).
 */
export async function publishPay(admin: Poster, userId: string, month = 3): Promise<void> {
  const created = await admin.post('/api/admin/compensations', {
    userId,
    month,
    year: 2026,
    amount: '1300',
    notes: 'Retainer',
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<{ id: string }>();
  const published = await admin.post(`/api/admin/compensations/${id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
}

/** The next `notification` event of `stream` that `matches`. */
export function notificationIn(
  stream: EventStream,
  matches: (notification: Notification) => boolean = () => true,
) {
  return stream
    .waitFor(
      (event) => event.event === 'notification' && matches(JSON.parse(event.data) as Notification),
    )
    .then((event) => ({ id: event.id, notification: JSON.parse(event.data) as Notification }));
}

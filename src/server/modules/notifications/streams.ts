import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  notificationStreamCatchUpLimit,
  notificationStreamEvents,
  notificationStreamsPerPerson,
  type Notification,
} from '../../../domain/notifications.ts';
import type { Deps } from '../../deps.ts';
import { DomainError } from '../../errors.ts';
import type { LiveEvent } from '../../live/events.ts';
import { sessionExpiry } from '../auth/sessions.ts';
import {
  findNotification,
  newestNotificationCursor,
  notificationsAfter,
  type NotificationCursor,
} from './repository.ts';

/** A comment every 25 s keeps proxies and the socket's idle timeout from closing a quiet stream. */
export const heartbeatMs = 25_000;
/**
 * Bytes a stream may have waiting to be sent. A reader slower than that is dropped rather than
 * buffered for (it reconnects with Last-Event-ID and catches up), so no reader makes the server
 * hold unbounded memory.
 */
export const mostBufferedBytes = 64 * 1024;
/** How soon a dropped EventSource comes back, in milliseconds (the browser's default is ~3 s). */
const reconnectMs = 2000;
/** Ids of what a stream has sent, kept to skip a notification both caught up and announced. */
const rememberedIds = 2 * notificationStreamCatchUpLimit;

interface Stream {
  userId: string;
  /** The session's cookie token: the stream ends with its session. */
  token: string;
  response: ServerResponse;
  /** When the session ends unless it is used meanwhile; checked again once it has passed. */
  expiresAt: number;
  /** The newest notification the stream has sent, or stood at when it opened. */
  cursor: NotificationCursor | null;
  sent: Set<string>;
  /** Writes follow each other: a catch-up before what is announced after it. */
  queue: Promise<void>;
  isClosed: boolean;
}

const after = (a: NotificationCursor, b: NotificationCursor | null) =>
  b === null || a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

function notificationEvent(notification: Notification): string {
  return `id: ${notification.id}\nevent: ${notificationStreamEvents.notification}\ndata: ${JSON.stringify(notification)}\n\n`;
}

/**
 * The live streams of the bell this process holds (decision 0054): at most `max` in all and
 * `notificationStreamsPerPerson` per person (a new one closes the person's oldest). A stream hears
 * of the person's new notifications from the live events of every process, and closes the moment
 * its session ends anywhere.
 */
export function createNotificationStreams(deps: Deps, options: { max: number }) {
  const byUser = new Map<string, Stream[]>();
  let total = 0;
  let isClosing = false;

  function close(stream: Stream, how: 'end' | 'destroy' = 'end') {
    if (stream.isClosed) return;
    stream.isClosed = true;
    total--;
    const streams = byUser.get(stream.userId) ?? [];
    const left = streams.filter((other) => other !== stream);
    if (left.length) byUser.set(stream.userId, left);
    else byUser.delete(stream.userId);
    if (how === 'destroy') stream.response.destroy();
    else stream.response.end();
  }

  /** Writes unless the reader has fallen behind, in which case the stream is dropped. */
  function write(stream: Stream, text: string) {
    if (stream.isClosed) return;
    if (stream.response.writableLength > mostBufferedBytes) {
      deps.log.info({ userId: stream.userId }, 'Dropped a notification stream that fell behind');
      return close(stream, 'destroy');
    }
    stream.response.write(text);
  }

  function send(stream: Stream, notification: Notification) {
    if (stream.sent.has(notification.id)) return;
    if (stream.sent.size >= rememberedIds) stream.sent.clear();
    stream.sent.add(notification.id);
    if (after(notification, stream.cursor)) stream.cursor = notification;
    write(stream, notificationEvent(notification));
  }

  function enqueue(stream: Stream, work: () => Promise<void>) {
    stream.queue = stream.queue
      .then(() => (stream.isClosed ? undefined : work()))
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, 'A notification stream failed; closing it');
        close(stream, 'destroy');
      });
  }

  /** Sends what came after the stream's cursor (a reconnection's, or one missed while deaf). */
  function catchUp(stream: Stream) {
    enqueue(stream, async () => {
      const missed = await notificationsAfter(
        deps.db,
        stream.userId,
        stream.cursor,
        notificationStreamCatchUpLimit,
      );
      for (const notification of missed) send(stream, notification);
    });
  }

  /** Closes the stream when its session has ended; otherwise notes when it ends now. */
  function checkSession(stream: Stream) {
    enqueue(stream, async () => {
      const expiry = await sessionExpiry(deps.db, stream.token, deps.clock());
      if (!expiry) return close(stream);
      stream.expiresAt = expiry.getTime();
    });
  }

  function onEvent(event: LiveEvent) {
    const streams = byUser.get(event.userId);
    if (!streams) return;
    if (event.kind === 'sessions-ended') {
      for (const stream of streams) checkSession(stream);
      return;
    }
    // Read once for all of the person's streams here.
    const notification = findNotification(deps.db, event.userId, event.notificationId);
    notification.catch(() => {});
    for (const stream of streams) {
      enqueue(stream, async () => {
        const found = await notification;
        if (found) send(stream, found);
      });
    }
  }

  const unsubscribe = deps.live.subscribe(onEvent);
  // The connection that listens was lost and is back: what was announced meanwhile is read.
  const stopResuming = deps.live.onResume(() => {
    for (const streams of byUser.values()) {
      for (const stream of streams) {
        checkSession(stream);
        catchUp(stream);
      }
    }
  });

  const heartbeat = setInterval(() => {
    const now = deps.clock().getTime();
    for (const streams of [...byUser.values()]) {
      for (const stream of streams) {
        write(stream, ':\n\n');
        if (!stream.isClosed && now >= stream.expiresAt) checkSession(stream);
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /** How many streams are open. */
    get size() {
      return total;
    },

    /**
     * Answers the request with a stream of the signed-in person's notifications. With a
     * Last-Event-ID (a reconnection), first what came after that notification.
     */
    async open(request: FastifyRequest, reply: FastifyReply, user: { id: string }, token: string) {
      if (isClosing) throw new DomainError('unavailable', 'server.shutting_down');
      if (total >= options.max) throw new DomainError('unavailable', 'notification.streams_full');
      const lastEventId = request.headers['last-event-id'];
      const [expiry, seen] = await Promise.all([
        sessionExpiry(deps.db, token, deps.clock()),
        typeof lastEventId === 'string' && lastEventId
          ? findNotification(deps.db, user.id, lastEventId.slice(0, 100))
          : undefined,
      ]);
      if (!expiry) throw new DomainError('unauthenticated', 'auth.sign_in_required');
      // Without a notification it has seen, the stream starts from the newest there is.
      const cursor = seen ?? (await newestNotificationCursor(deps.db, user.id));
      // Checked again after the reads: the limit holds however many arrive together.
      if (isClosing) throw new DomainError('unavailable', 'server.shutting_down');
      if (total >= options.max) throw new DomainError('unavailable', 'notification.streams_full');

      reply.hijack();
      const response = reply.raw;
      // The security headers are already on the response (plugins/security.ts). Nothing may
      // buffer or compress the stream, and no cache keep it.
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const stream: Stream = {
        userId: user.id,
        token,
        response,
        expiresAt: expiry.getTime(),
        cursor,
        sent: new Set(),
        queue: Promise.resolve(),
        isClosed: false,
      };
      total++;
      const streams = [...(byUser.get(user.id) ?? []), stream];
      byUser.set(user.id, streams);
      for (const oldest of streams.slice(0, -notificationStreamsPerPerson)) close(oldest);
      response.on('close', () => close(stream));
      write(stream, `retry: ${reconnectMs}\n\n`);
      if (seen) catchUp(stream);
      // The session may have ended between its check and now: the stream was not yet listening.
      checkSession(stream);
    },

    /** Ends every stream, so shutting down is not held up by them. */
    close() {
      isClosing = true;
      clearInterval(heartbeat);
      unsubscribe();
      stopResuming();
      for (const streams of [...byUser.values()]) for (const stream of streams) close(stream);
    },
  };
}

export type NotificationStreams = ReturnType<typeof createNotificationStreams>;

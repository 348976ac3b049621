import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import { notificationsApi } from '../../../../domain/api/notifications.ts';
import {
  notificationPollMs,
  notificationStreamEvents,
  notificationStreamPollMs,
} from '../../../../domain/notifications.ts';
import { notificationsQueryKey } from './get-notifications.ts';

/** Whether this page's live stream is open: the bell's queries poll slowly meanwhile. */
let isStreamOpen = false;

/**
 * How often the bell's queries ask for news (their `refetchInterval`): every 30 s while the live
 * stream is down, rarely while it is open (decision 0054).
 */
export function notificationPollInterval(): number {
  return isStreamOpen ? notificationStreamPollMs : notificationPollMs;
}

/**
 * The live stream of the person's notifications (`GET /api/notifications/stream`), open while
 * the signed-in frame is: each notification it brings, and each (re)opening, refreshes the bell's
 * queries, so what came while it was down shows too. The browser reconnects a dropped stream by
 * itself (with Last-Event-ID); one the server refused (503: too many streams) is tried again
 * after the poll's interval, the 30-second poll standing in meanwhile.
 */
export function useNotificationStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let fallBack: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(pathOf(notificationsApi.stream), { withCredentials: true });
      source.addEventListener('open', () => {
        clearTimeout(fallBack);
        isStreamOpen = true;
        refresh();
      });
      source.addEventListener(notificationStreamEvents.notification, refresh);
      source.addEventListener('error', () => {
        // Down: unless it is back within the poll's interval, the queries are refreshed then,
        // which brings their 30-second poll back. Not at once: a sign-out ends the stream too,
        // and the screen is gone before then.
        if (isStreamOpen) {
          isStreamOpen = false;
          fallBack = setTimeout(refresh, notificationPollMs);
        }
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(open, notificationPollMs);
        }
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      clearTimeout(fallBack);
      source?.close();
      isStreamOpen = false;
    };
  }, [queryClient]);
}

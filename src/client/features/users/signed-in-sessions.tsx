import type { TFunction } from '../../../domain/i18n.ts';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useId } from 'react';
import { lastSeenStepMs, type SignedInSession } from '../../../domain/auth.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { QueryState } from '../../components/layout/page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { formatDate, formatMoment } from '../../lib/format.ts';
import { timeAgo } from '../../lib/relative-time.ts';
import { useEndOtherSessions } from './api/end-other-sessions.ts';
import { useEndSession } from './api/end-session.ts';
import { useSessions } from './api/get-sessions.ts';

/** The systems of phones and tablets, as the server names them from the user agent. */
const handheldSystems = new Set(['Android', 'iOS']);

/**
 * A session's device in the reader's words ("Chrome on Android"), from the browser and system
 * the server read in its user agent (decision 0056).
 */
function deviceWords(t: TFunction, { browser, os }: Pick<SignedInSession, 'browser' | 'os'>) {
  if (browser && os) return t('settings.sessions.device', { browser, os });
  if (browser) return browser;
  if (os) return t('settings.sessions.deviceOnSystem', { os });
  return t('settings.sessions.unknownDevice');
}

/**
 * When a session was last used. The server writes it at most every five minutes, so a use within
 * them is "in the last few minutes", and an older one "about" so long ago.
 */
function lastUse(iso: string, reader: { t: TFunction; language: string }, now = new Date()) {
  if (now.getTime() - new Date(iso).getTime() < lastSeenStepMs) {
    return reader.t('settings.sessions.usedRecently');
  }
  return reader.t('settings.sessions.lastUsed', { ago: timeAgo(iso, reader, now) });
}

/**
 * Settings' signed-in sessions: each device, when it was last used (to within the five minutes
 * the server writes it), this one marked; 'Sign out' on each and 'Sign out everywhere else'.
 */
export function SignedInSessions() {
  const { t } = useLanguage();
  const sessions = useSessions();
  const titleId = useId();
  return (
    <Card className="lg:col-span-2">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('settings.sessions.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('settings.sessions.description')}</p>
      <div className="mt-5">
        <QueryState query={sessions}>
          {({ items }) => <SessionList items={items} labelledBy={titleId} />}
        </QueryState>
      </div>
    </Card>
  );
}

function SessionList({ items, labelledBy }: { items: SignedInSession[]; labelledBy: string }) {
  const { t } = useLanguage();
  const hasOthers = items.some((session) => !session.current);
  // This device first, then the others as the server orders them, the most recently used first.
  const sorted = [...items].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <div className="grid gap-4">
      <ul aria-labelledby={labelledBy} className="grid divide-y divide-border">
        {sorted.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {hasOthers ? (
        <EndOthers />
      ) : (
        <p className="text-sm text-muted-foreground">{t('settings.sessions.onlyThisOne')}</p>
      )}
    </div>
  );
}

function SessionRow({ session }: { session: SignedInSession }) {
  const reader = useLanguage();
  const { t, language } = reader;
  const end = useEndSession();
  const device = deviceWords(t, session);
  const Icon = session.os && handheldSystems.has(session.os) ? Smartphone : Monitor;

  const onEnd = () =>
    end.mutate(session, {
      onSuccess: () => {
        // This browser's own: the sign-out's toast says it (useSignedOut).
        if (!session.current) {
          toast({
            title: t('common.success'),
            description: t('settings.sessions.ended', { device }),
          });
        }
      },
      onError: (error) =>
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('settings.sessions.endFailed'),
        }),
    });

  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 basis-40 gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words">{device}</span>
          {session.current && (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
              {t('settings.sessions.thisDevice')}
            </span>
          )}
        </p>
        <p className="text-muted-foreground">
          <time dateTime={session.lastSeenAt} title={formatMoment(session.lastSeenAt, language)}>
            {lastUse(session.lastSeenAt, reader)}
          </time>
        </p>
        <p className="text-muted-foreground">
          <time dateTime={session.createdAt} title={formatMoment(session.createdAt, language)}>
            {t('settings.sessions.signedIn', { date: formatDate(session.createdAt, language) })}
          </time>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="ml-auto"
        onClick={onEnd}
        isPending={end.isPending}
        pendingLabel={t('settings.sessions.signingOut')}
        aria-label={t('settings.sessions.signOutOf', { device })}
      >
        <LogOut aria-hidden="true" />
        {t('settings.sessions.signOut')}
      </Button>
    </li>
  );
}

function EndOthers() {
  const { t } = useLanguage();
  const endOthers = useEndOtherSessions();
  const onEnd = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toast({
          title: t('common.success'),
          description: t('settings.sessions.endedOthers', { count: ended }),
        }),
      onError: (error) =>
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('settings.sessions.endFailed'),
        }),
    });
  return (
    <Button
      variant="outline"
      className="justify-self-start"
      onClick={onEnd}
      isPending={endOthers.isPending}
      pendingLabel={<span className="whitespace-normal">{t('settings.sessions.signingOut')}</span>}
    >
      <LogOut aria-hidden="true" />
      {/* Wraps rather than overflows a phone, in the longer languages. */}
      <span className="whitespace-normal">{t('settings.sessions.signOutOthers')}</span>
    </Button>
  );
}

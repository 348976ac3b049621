import { Download, X } from 'lucide-react';
import { useId } from 'react';
import {
  auditKinds,
  auditSummary,
  type AuditEntry,
  type AuditKind,
} from '../../../domain/audit.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';
import { PagedList } from '../../components/list/paged-list.tsx';
import { SearchBox } from '../../components/list/search-box.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { auditCsvUrl, useAudit } from './api/get-audit.ts';

function isKind(value: string | undefined): value is AuditKind {
  return (auditKinds as readonly (string | undefined)[]).includes(value);
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: string | undefined) => (value && dayPattern.test(value) ? value : undefined);

/**
 * The audit log (decision 0057): who did what and when, newest first, a page at a time; searched
 * by name, narrowed by kind, by person (from an entry's name) and by days; and the same as CSV.
 * Read only: nothing here changes an entry.
 */
export function AdminAuditPage() {
  const { t } = useLanguage();
  const { page, q, filters, setPage, setFilters } = useListParams(['kind', 'userId', 'from', 'to']);
  const kind = isKind(filters.kind) ? filters.kind : undefined;
  const from = dayOf(filters.from);
  const to = dayOf(filters.to);
  const filter = { q: q || undefined, kind, userId: filters.userId, from, to };
  const entries = useAudit({ page, ...filter });
  const fromId = useId();
  const toId = useId();
  const person = entries.data?.items.find((entry) => entry.actorId === filters.userId);

  return (
    <PageMain>
      <ScreenHeader
        page="adminAudit"
        action={
          <a href={auditCsvUrl(filter)} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" />
            {t('audit.export')}
          </a>
        }
      />
      <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_10rem_10rem]">
        <SearchBox
          label={t('audit.search')}
          placeholder={t('audit.searchPlaceholder')}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Select
          value={kind ?? 'all'}
          onChange={(event) => {
            const next = event.target.value;
            setFilters({ kind: isKind(next) ? next : undefined });
          }}
          aria-label={t('audit.kindFilter')}
        >
          <option value="all">{t('audit.kind.all')}</option>
          {auditKinds.map((option) => (
            <option key={option} value={option}>
              {t(`audit.kind.${option}`)}
            </option>
          ))}
        </Select>
        <div className="grid gap-1">
          <label htmlFor={fromId} className="text-sm font-medium">
            {t('audit.from')}
          </label>
          <Input
            id={fromId}
            type="date"
            value={from ?? ''}
            max={to}
            onChange={(event) => setFilters({ from: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={toId} className="text-sm font-medium">
            {t('audit.to')}
          </label>
          <Input
            id={toId}
            type="date"
            value={to ?? ''}
            min={from}
            onChange={(event) => setFilters({ to: event.target.value })}
          />
        </div>
      </div>
      {filters.userId && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            {t('audit.onlyPerson', {
              username: person?.actorUsername ?? filters.userId,
            })}
          </span>
          <Button variant="outline" size="sm" onClick={() => setFilters({ userId: undefined })}>
            <X aria-hidden="true" />
            {t('audit.everyone')}
          </Button>
        </p>
      )}

      <PagedList
        query={entries}
        label={t('audit.listLabel')}
        showingKey="audit.showing"
        empty={<p>{t('audit.empty')}</p>}
        onPageChange={setPage}
        className="gap-2"
      >
        {(entry) => <EntryRow entry={entry} onPerson={(userId) => setFilters({ userId })} />}
      </PagedList>
    </PageMain>
  );
}

/** One entry: when, what (in the reader's language), its kind, and who; a name narrows the list. */
function EntryRow({ entry, onPerson }: { entry: AuditEntry; onPerson: (userId: string) => void }) {
  const { t, language } = useLanguage();
  const summary = auditSummary(entry, (key, values) => t(key, values), language);
  const { actorId, actorUsername } = entry;
  return (
    <article className="grid gap-1 rounded-lg border border-border bg-surface px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <p className="text-sm text-muted-foreground">
        <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
      </p>
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words">{summary}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="rounded-full bg-background px-2 py-0.5 text-xs font-semibold text-foreground">
            {t(`audit.kind.${entry.kind}`)}
          </span>
          {actorId ? (
            <button
              type="button"
              className="break-all underline-offset-4 hover:underline focus-visible:underline"
              onClick={() => onPerson(actorId)}
              aria-label={t('audit.showPerson', { username: actorUsername ?? actorId })}
            >
              @{actorUsername ?? actorId}
            </button>
          ) : (
            <span className="break-all">{actorUsername ?? t('audit.server')}</span>
          )}
        </p>
      </div>
    </article>
  );
}

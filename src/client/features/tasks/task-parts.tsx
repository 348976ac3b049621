import { CalendarClock, Camera, Clapperboard, FileStack, Images } from 'lucide-react';
import { useId, useState } from 'react';
import {
  contentTypes,
  dueCountdown,
  taskStatuses,
  type ContentType,
  type DueUrgency,
  type TaskStatus,
} from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { FilterPopover } from '../../components/list/filter-popover.tsx';
import { StatusBadge, taskStatusTone } from '../../components/list/status-badge.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { Select } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import {
  countTaskFilters,
  isContentTypeFilter,
  isStatusFilter,
  readTaskFilters,
  taskFilterNames,
} from './task-filters.ts';

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useLanguage();
  return <StatusBadge tone={taskStatusTone[status]}>{t(`tasks.status.${status}`)}</StatusBadge>;
}

const urgencyClasses: Record<DueUrgency, string> = {
  overdue: 'text-red-400',
  today: 'text-orange-400',
  soon: 'text-yellow-300',
  later: 'text-green-400',
};

/** The due date's countdown in words and colours (`dueCountdown`). */
export function DueCountdown({ dueDate, className }: { dueDate: string; className?: string }) {
  const { t } = useLanguage();
  const { urgency, days } = dueCountdown(dueDate, new Date());
  const text =
    urgency === 'overdue'
      ? t('tasks.due.overdue', { count: -days })
      : urgency === 'today'
        ? t('tasks.due.today')
        : t('tasks.due.daysLeft', { count: days });
  return <span className={cn('font-semibold', urgencyClasses[urgency], className)}>{text}</span>;
}

/**
 * The due date written out, with its countdown while the work is open; finished work (submitted
 * or completed) says when it was finished instead, and is never overdue.
 */
export function DueDate({
  dueDate,
  status,
  finishedAt,
}: {
  dueDate: string;
  status: TaskStatus;
  /** When the work was submitted or completed (`finishedAt` of the domain). */
  finishedAt: string | null;
}) {
  const { t, language } = useLanguage();
  const written = formatDateTime(dueDate, language);
  const isFinished = status === 'submitted' || status === 'completed';
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{t('tasks.field.dueDate')}</span>
      <time dateTime={dueDate}>{written}</time>
      {isFinished ? (
        <span className="text-muted-foreground">
          {finishedAt
            ? t(`tasks.finished.${status}On`, { date: formatDate(finishedAt, language) })
            : t(`tasks.status.${status}`)}
        </span>
      ) : (
        <DueCountdown dueDate={dueDate} />
      )}
    </span>
  );
}

const contentTypeIcons = { photo: Camera, video: Clapperboard, both: Images } as const;

export function ContentTypeLabel({ contentType }: { contentType: ContentType }) {
  const { t } = useLanguage();
  const Icon = contentTypeIcons[contentType];
  return (
    <span className="inline-flex items-center gap-2">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{t('tasks.field.contentType')}:</span>
      {t(`tasks.contentType.${contentType}`)}
    </span>
  );
}

/**
 * The status and content-type filters of both task lists, in the shared filter popover: chosen
 * inside, put in force (and in the address) by Apply, removed by Clear All.
 */
/** The top of a task's card in either list: title, status, description, due date, type, files. */
export function TaskCardSummary({
  task,
  files,
  finishedAt,
}: {
  task: {
    title: string;
    status: TaskStatus;
    description: string;
    dueDate: string;
    contentType: ContentType;
  };
  /** When the work was submitted or completed, for finished work. */
  finishedAt: string | null;
  /** The files line: the limit, or the creator's count against it. */
  files: string;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold break-words">{task.title}</h2>
        <TaskStatusBadge status={task.status} />
      </div>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground">
        {task.description}
      </p>
      <ul className="grid gap-2 text-sm">
        <li>
          <DueDate dueDate={task.dueDate} status={task.status} finishedAt={finishedAt} />
        </li>
        <li className="flex flex-wrap gap-x-4 gap-y-2">
          <ContentTypeLabel contentType={task.contentType} />
          <span className="inline-flex items-center gap-2">
            <FileStack className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {files}
          </span>
        </li>
      </ul>
    </>
  );
}

export function TaskFilters() {
  const { t } = useLanguage();
  const { filters, setFilters } = useListParams(taskFilterNames);
  const active = readTaskFilters(filters);
  const [pending, setPending] = useState(active);
  const statusId = useId();
  const contentTypeId = useId();
  return (
    <FilterPopover
      activeCount={countTaskFilters(active)}
      pendingCount={countTaskFilters(pending)}
      onOpenChange={(isOpen) => isOpen && setPending(active)}
      onApply={() =>
        setFilters({
          status: pending.status === 'all' ? undefined : pending.status,
          contentType: pending.contentType === 'all' ? undefined : pending.contentType,
        })
      }
      onClear={() => {
        setPending({ status: 'all', contentType: 'all' });
        setFilters({ status: undefined, contentType: undefined });
      }}
    >
      <div className="grid gap-1.5">
        <label htmlFor={statusId} className="text-sm font-medium">
          {t('tasks.filter.status')}
        </label>
        <Select
          id={statusId}
          value={pending.status}
          onChange={(event) => {
            const status = event.target.value;
            if (isStatusFilter(status)) setPending((current) => ({ ...current, status }));
          }}
        >
          <option value="all">{t('tasks.filter.allStatuses')}</option>
          {taskStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`tasks.status.${status}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={contentTypeId} className="text-sm font-medium">
          {t('tasks.filter.contentType')}
        </label>
        <Select
          id={contentTypeId}
          value={pending.contentType}
          onChange={(event) => {
            const contentType = event.target.value;
            if (isContentTypeFilter(contentType)) {
              setPending((current) => ({ ...current, contentType }));
            }
          }}
        >
          <option value="all">{t('tasks.filter.allContentTypes')}</option>
          {contentTypes.map((contentType) => (
            <option key={contentType} value={contentType}>
              {t(`tasks.contentType.${contentType}`)}
            </option>
          ))}
        </Select>
      </div>
    </FilterPopover>
  );
}

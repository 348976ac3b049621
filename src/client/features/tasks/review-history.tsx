import { MessageSquareWarning } from 'lucide-react';
import { useId } from 'react';
import type { ReviewDecision, TaskPerson, TaskReview } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { StatusBadge, type StatusTone } from '../../components/list/status-badge.tsx';
import { displayName } from './assignees.ts';
import { formatDateTime } from '../../lib/format.ts';

const decisionTone: Record<ReviewDecision, StatusTone> = {
  approved: 'green',
  changes_requested: 'yellow',
};

export function ReviewDecisionBadge({ decision }: { decision: ReviewDecision }) {
  const { t } = useLanguage();
  return (
    <StatusBadge tone={decisionTone[decision]}>
      {t(`tasks.review.decision.${decision}`)}
    </StatusBadge>
  );
}

/** A name for a person on a task's record; their account may be gone. */
export function usePersonName() {
  const { t } = useLanguage();
  return (person: TaskPerson | null) => (person ? displayName(person) : t('tasks.review.someone'));
}

/** Every review of one creator's work, newest first: who, when, what, and the note. */
export function ReviewHistory({
  reviews,
  heading: Heading,
  label,
}: {
  reviews: TaskReview[];
  /** Its heading's level where it stands: its own card (h2) or inside an assignee's (h4). */
  heading: 'h2' | 'h4';
  /**
   * Its name as a region, where one screen shows several (one per creator): each region needs a
   * name of its own. Otherwise its heading names it.
   */
  label?: string;
}) {
  const { t, language } = useLanguage();
  const titleId = useId();
  const nameOf = usePersonName();
  return (
    <section
      aria-label={label}
      aria-labelledby={label === undefined ? titleId : undefined}
      className="grid gap-3"
    >
      <Heading id={titleId} className="font-semibold">
        {t('tasks.review.historyTitle')}
      </Heading>
      {reviews.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('tasks.review.noHistory')}</p>
      ) : (
        <ol className="grid gap-3">
          {reviews.map((review) => (
            <li
              key={review.id}
              className="grid gap-1.5 rounded-md border border-border p-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <ReviewDecisionBadge decision={review.decision} />
                <span className="text-muted-foreground">
                  <time dateTime={review.createdAt}>
                    {formatDateTime(review.createdAt, language)}
                  </time>{' '}
                  {t('tasks.review.by', { name: nameOf(review.reviewer) })}
                </span>
              </div>
              {review.feedback && (
                <p className="break-words whitespace-pre-line">{review.feedback}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The agency's latest request for changes, shown above the upload card while the creator works
 * on it: what to change comes before the means to change it.
 */
export function RequestedChanges({ review }: { review: TaskReview }) {
  const { t, language } = useLanguage();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-lg border border-yellow-400/50 bg-yellow-400/10 p-4"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-yellow-200">
        <MessageSquareWarning className="size-5 shrink-0" aria-hidden="true" />
        {t('tasks.review.latestChanges')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('tasks.review.latestChangesIntro')}</p>
      <p className="break-words whitespace-pre-line">{review.feedback}</p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={review.createdAt}>{formatDateTime(review.createdAt, language)}</time>
      </p>
    </section>
  );
}

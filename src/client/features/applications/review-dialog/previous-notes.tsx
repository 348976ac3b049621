import { useId } from 'react';
import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';

/** The review's earlier notes, oldest first, each with its author and age. */
export function PreviousNotes({ notes }: { notes: Application['notes'] }) {
  const { t } = useLanguage();
  const headingId = useId();
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        {t('applications.previousNotes')}
      </h3>
      <ol className="mt-2 grid gap-2">
        {notes.map((note) => (
          <li key={note.id} className="rounded-md border border-border bg-surface p-3 text-sm">
            <p className="whitespace-pre-wrap break-words">{note.note}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {note.authorUsername ?? t('applications.formerAdmin')} ·{' '}
              <TimeAgo iso={note.createdAt} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

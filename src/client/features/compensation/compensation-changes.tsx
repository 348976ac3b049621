import { History } from 'lucide-react';
import type { CompensationChange } from '../../../domain/compensation.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { formatMoney } from '../../lib/format.ts';

/**
 * The record of changes of one entry (decision 0023): who created, edited, published or
 * corrected it, when, and the amount before and after. Folded away until asked for, oldest first.
 */
export function CompensationChanges({ changes }: { changes: CompensationChange[] }) {
  const { t, language } = useLanguage();
  if (changes.length === 0) return null;
  return (
    <details className="group rounded-md border border-border bg-background">
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium">
        <History className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {t('compensation.changes.title', { count: changes.length })}
      </summary>
      <ol className="grid gap-3 border-t border-border px-3 py-3 text-sm">
        {changes.map((change) => {
          const amountChanged =
            change.previousAmount !== null && change.previousAmount !== change.amount;
          const notesChanged =
            (change.action === 'edited' || change.action === 'corrected') &&
            change.previousNotes !== change.notes;
          return (
            <li key={change.id} className="grid gap-0.5">
              <p>
                <span className="font-semibold">{t(`compensation.changes.${change.action}`)}</span>{' '}
                <span className="text-muted-foreground">
                  {t('compensation.changes.by', {
                    name: change.by?.username ?? t('compensation.changes.removedAdmin'),
                  })}
                  {', '}
                  <TimeAgo iso={change.at} />
                </span>
              </p>
              <p className="break-words tabular-nums">
                {amountChanged
                  ? t('compensation.changes.amountChanged', {
                      before: formatMoney(change.previousAmount!, language),
                      after: formatMoney(change.amount, language),
                    })
                  : t('compensation.changes.amount', {
                      amount: formatMoney(change.amount, language),
                    })}
              </p>
              {notesChanged && (
                <p className="text-muted-foreground">{t('compensation.changes.notesChanged')}</p>
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

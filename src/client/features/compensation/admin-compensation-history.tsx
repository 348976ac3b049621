import { CheckCircle2, FilePen, FileStack, Pencil, Plus, Send, Wallet } from 'lucide-react';
import { byNewestPeriod, type AdminCompensation } from '../../../domain/compensation.ts';
import { centsToDecimal, decimalToCents } from '../../../domain/money.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { compensationStatusTone, StatusBadge } from '../../components/list/status-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { StatCard, StatCards } from '../../components/ui/stat-card.tsx';
import { formatMoment, formatMoney } from '../../lib/format.ts';
import { timeAgo } from '../../lib/relative-time.ts';
import { CompensationChanges } from './compensation-changes.tsx';
import { periodLabel } from './compensation-format.ts';

/** Total Earnings (published only), Published, Drafts, Total Records. */
export function CompensationTotals({ entries }: { entries: AdminCompensation[] }) {
  const { t, language } = useLanguage();
  const published = entries.filter((entry) => entry.status === 'published');
  const earnedCents = published.reduce(
    (sum, entry) => sum + (decimalToCents(entry.amount) ?? 0),
    0,
  );
  return (
    <StatCards label={t('compensation.figures')}>
      <StatCard
        label={t('compensation.admin.totalEarnings')}
        value={formatMoney(centsToDecimal(earnedCents), language)}
        caption={t('compensation.admin.totalEarningsCaption')}
        icon={Wallet}
      />
      <StatCard
        label={t('compensation.admin.published')}
        value={published.length}
        caption={t('compensation.admin.publishedCaption')}
        icon={CheckCircle2}
      />
      <StatCard
        label={t('compensation.admin.drafts')}
        value={entries.length - published.length}
        caption={t('compensation.admin.draftsCaption')}
        icon={FilePen}
      />
      <StatCard
        label={t('compensation.admin.totalRecords')}
        value={entries.length}
        caption={t('compensation.admin.totalRecordsCaption')}
        icon={FileStack}
      />
    </StatCards>
  );
}

/** A creator's entries, newest year and month first; or, without any, the way to add the first. */
export function CompensationHistory({
  entries,
  onAdd,
  onEdit,
  onPublish,
}: {
  entries: AdminCompensation[];
  onAdd: () => void;
  onEdit: (entry: AdminCompensation) => void;
  onPublish: (entry: AdminCompensation) => void;
}) {
  const { t } = useLanguage();
  if (entries.length === 0) {
    return (
      <Card className="grid justify-items-center gap-3 border-dashed py-12 text-center">
        <Wallet className="size-8 text-muted-foreground" aria-hidden="true" />
        <h2 className="font-semibold">{t('compensation.admin.empty')}</h2>
        <p className="text-muted-foreground">{t('compensation.admin.emptyHint')}</p>
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" />
          {t('compensation.admin.addFirst')}
        </Button>
      </Card>
    );
  }
  return (
    <section aria-labelledby="compensation-history" className="grid gap-4">
      <h2 id="compensation-history" className="text-lg font-semibold">
        {t('compensation.admin.history')}
      </h2>
      <ul className="grid gap-4">
        {[...entries].sort(byNewestPeriod).map((entry) => (
          <li key={entry.id}>
            <CompensationEntry
              entry={entry}
              onEdit={() => onEdit(entry)}
              onPublish={() => onPublish(entry)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One entry: its month, status, amount and notes, when it was published, its record of changes. */
function CompensationEntry({
  entry,
  onEdit,
  onPublish,
}: {
  entry: AdminCompensation;
  onEdit: () => void;
  onPublish: () => void;
}) {
  const { t, language } = useLanguage();
  const period = periodLabel(entry, language);
  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold">{period}</h3>
        <StatusBadge tone={compensationStatusTone[entry.status]}>
          {t(`compensation.status.${entry.status}`)}
        </StatusBadge>
      </div>
      <p className="text-2xl font-bold tracking-tight break-words tabular-nums">
        {formatMoney(entry.amount, language)}
      </p>
      {entry.notes && (
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
          {entry.notes}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        {entry.publishedAt ? (
          <time dateTime={entry.publishedAt} title={formatMoment(entry.publishedAt, language)}>
            {t('compensation.admin.publishedAgo', {
              time: timeAgo(entry.publishedAt, { t, language }),
            })}
          </time>
        ) : (
          t('compensation.admin.draftHint')
        )}
      </p>
      <CompensationChanges changes={entry.history} />
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={t('compensation.edit.openNamed', { period })}
        >
          <Pencil aria-hidden="true" />
          {t('compensation.edit.open')}
        </Button>
        {entry.status === 'draft' && (
          <Button
            size="sm"
            onClick={onPublish}
            aria-label={t('compensation.publish.openNamed', { period })}
          >
            <Send aria-hidden="true" />
            {t('compensation.publish.open')}
          </Button>
        )}
      </div>
    </Card>
  );
}

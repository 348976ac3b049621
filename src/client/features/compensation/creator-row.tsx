import { Link } from 'react-router';
import type { CreatorSummary } from '../../../domain/compensation.ts';
import { paths } from '../../../domain/routes.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { StatusBadge } from '../../components/list/status-badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { formatMoney } from '../../lib/format.ts';
import { personName } from './compensation-format.ts';

/**
 * One creator in the overview: who, how much compensation is recorded and published, and since
 * when.
 */
export function CreatorRow({ creator }: { creator: CreatorSummary }) {
  const { t, language } = useLanguage();
  const name = personName(creator);
  return (
    <Card className="flex h-full flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold break-words">{name}</h2>
          <p className="text-sm break-all text-muted-foreground">{creator.email}</p>
          <p className="text-sm break-all text-muted-foreground">@{creator.username}</p>
        </div>
        {creator.active && (
          <StatusBadge tone="green">{t('compensation.influencers.active')}</StatusBadge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{t('compensation.influencers.earned')}</dt>
          <dd className="font-semibold break-words tabular-nums">
            {formatMoney(creator.earned, language)}
          </dd>
        </div>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{t('compensation.influencers.records')}</dt>
          <dd className="font-semibold tabular-nums">{creator.compensationCount}</dd>
        </div>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{t('compensation.influencers.published')}</dt>
          <dd className="font-semibold tabular-nums">{creator.publishedCount}</dd>
        </div>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{t('compensation.influencers.lastPublished')}</dt>
          <dd className="font-semibold">
            {creator.lastPublishedAt ? (
              <TimeAgo iso={creator.lastPublishedAt} />
            ) : (
              t('compensation.influencers.never')
            )}
          </dd>
        </div>
      </dl>
      <Link
        to={paths.adminCompensation(creator.id)}
        className={buttonVariants({ variant: 'outline', className: 'mt-auto' })}
        aria-label={t('compensation.influencers.manageNamed', { name })}
      >
        {t('compensation.influencers.manage')}
      </Link>
    </Card>
  );
}

import { Link } from 'react-router';
import type { InfluencerSummary } from '../../../domain/compensation.ts';
import { paths } from '../../../domain/routes.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { StatusBadge } from '../../components/list/status-badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { formatMoney } from '../../lib/format.ts';
import { personName } from './pay-format.ts';

/** One creator in the overview: who, how much pay is recorded and published, and since when. */
export function InfluencerRow({ influencer }: { influencer: InfluencerSummary }) {
  const { t, language } = useLanguage();
  const name = personName(influencer);
  return (
    <Card className="flex h-full flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold break-words">{name}</h2>
          <p className="text-sm break-all text-muted-foreground">{influencer.email}</p>
          <p className="text-sm break-all text-muted-foreground">@{influencer.username}</p>
        </div>
        {influencer.active && (
          <StatusBadge tone="green">{t('compensation.influencers.active')}</StatusBadge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{t('compensation.influencers.earned')}</dt>
          <dd className="font-semibold break-words tabular-nums">
            {formatMoney(influencer.earned, language)}
          </dd>
        </div>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{t('compensation.influencers.records')}</dt>
          <dd className="font-semibold tabular-nums">{influencer.compensationCount}</dd>
        </div>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{t('compensation.influencers.published')}</dt>
          <dd className="font-semibold tabular-nums">{influencer.publishedCount}</dd>
        </div>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{t('compensation.influencers.lastPublished')}</dt>
          <dd className="font-semibold">
            {influencer.lastPublishedAt ? (
              <TimeAgo iso={influencer.lastPublishedAt} />
            ) : (
              t('compensation.influencers.never')
            )}
          </dd>
        </div>
      </dl>
      <Link
        to={paths.adminCompensation(influencer.id)}
        className={buttonVariants({ variant: 'outline', className: 'mt-auto' })}
        aria-label={t('compensation.influencers.manageNamed', { name })}
      >
        {t('compensation.influencers.manage')}
      </Link>
    </Card>
  );
}

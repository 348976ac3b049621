import { BadgeDollarSign, Banknote, UserCheck, Users } from 'lucide-react';
import {
  creatorFilters,
  creatorSorts,
  type CreatorFilter,
  type CreatorList,
  type CreatorSort,
} from '../../../domain/compensation.ts';
import { decimalToCents } from '../../../domain/money.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';
import { PagedList } from '../../components/list/paged-list.tsx';
import { SearchBox } from '../../components/list/search-box.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { Select } from '../../components/ui/input.tsx';
import { PendingFigure, StatCard, StatCards } from '../../components/ui/stat-card.tsx';
import { formatMoney } from '../../lib/format.ts';
import { AdminExportCsv } from './admin-export-csv.tsx';
import { useCreators } from './api/get-creators.ts';
import { CompensationChart } from './compensation-chart.tsx';
import { periodLabel, shortPeriodLabel } from './compensation-format.ts';
import { creatorListParamNames, readCreatorParams } from './creator-filters.ts';
import { CreatorRow } from './creator-row.tsx';
import { ImportMonthButton } from './import-month-dialog.tsx';
import { PublishMonthButton } from './publish-month-dialog.tsx';

/**
 * The overview of every creator (docs/product.md, "Influencers"), paged and counted on the server.
 */
export function AdminCreatorsPage() {
  const { t } = useLanguage();
  const { page, q, filters, setPage, setFilters } = useListParams(creatorListParamNames);
  const { filter, sort } = readCreatorParams(filters);
  const creators = useCreators({ page, q, filter, sort });
  const data = creators.data;

  return (
    <PageMain>
      <ScreenHeader
        page="adminCreators"
        action={
          <div className="flex flex-wrap items-end gap-2">
            <PublishMonthButton />
            <ImportMonthButton />
            <AdminExportCsv />
          </div>
        }
      />
      <CreatorTotals totals={data?.totals} />

      <CreatorListControls filter={filter} sort={sort} setFilters={setFilters} />

      <PagedList
        query={creators}
        label={t('compensation.influencers.listLabel')}
        showingKey="compensation.influencers.showing"
        empty={
          <h2 className="font-semibold text-foreground">{t('compensation.influencers.empty')}</h2>
        }
        onPageChange={setPage}
        className="md:grid-cols-2 xl:grid-cols-3"
      >
        {(creator) => <CreatorRow creator={creator} />}
      </PagedList>

      {data && <MonthlyPayoutsChart monthlyPayouts={data.monthlyPayouts} />}
    </PageMain>
  );
}

/** Search, filter and sort, kept in the address; each at its default is left out of it. */
function CreatorListControls({
  filter,
  sort,
  setFilters,
}: {
  filter: CreatorFilter;
  sort: CreatorSort;
  setFilters: (changes: Partial<Record<'filter' | 'sort', string | undefined>>) => void;
}) {
  const { t } = useLanguage();
  return (
    <div className="grid gap-3 md:grid-cols-[1fr_12rem_12rem]">
      <SearchBox
        label={t('compensation.influencers.search')}
        placeholder={t('compensation.influencers.searchPlaceholder')}
      />
      <Select
        value={filter}
        aria-label={t('compensation.influencers.filterLabel')}
        onChange={(event) => {
          const next = readCreatorParams({ filter: event.target.value }).filter;
          setFilters({ filter: next === 'all' ? undefined : next });
        }}
      >
        {creatorFilters.map((option) => (
          <option key={option} value={option}>
            {t(`compensation.influencers.filter.${option}`)}
          </option>
        ))}
      </Select>
      <Select
        value={sort}
        aria-label={t('compensation.influencers.sortLabel')}
        onChange={(event) => {
          const next = readCreatorParams({ sort: event.target.value }).sort;
          setFilters({ sort: next === 'name' ? undefined : next });
        }}
      >
        {creatorSorts.map((option) => (
          <option key={option} value={option}>
            {t(`compensation.influencers.sort.${option}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The figures over every creator; until they arrive, the cards hold their place. */
function CreatorTotals({ totals }: { totals: CreatorList['totals'] | undefined }) {
  const { t, language } = useLanguage();
  const pending = <PendingFigure />;
  return (
    <StatCards label={t('compensation.figures')}>
      <StatCard
        label={t('compensation.influencers.totalInfluencers')}
        value={totals?.totalInfluencers ?? pending}
        caption={t('compensation.influencers.totalInfluencersCaption')}
        icon={Users}
      />
      <StatCard
        label={t('compensation.influencers.activeThisMonth')}
        value={totals?.activeThisMonth ?? pending}
        caption={t('compensation.influencers.activeThisMonthCaption')}
        icon={UserCheck}
      />
      <StatCard
        label={t('compensation.influencers.withEarnings')}
        value={totals?.withEarnings ?? pending}
        caption={t('compensation.influencers.withEarningsCaption')}
        icon={BadgeDollarSign}
      />
      <StatCard
        label={t('compensation.influencers.totalPayouts')}
        value={totals ? formatMoney(totals.totalPayouts, language) : pending}
        caption={t('compensation.influencers.totalPayoutsCaption')}
        icon={Banknote}
      />
    </StatCards>
  );
}

/**
 * Published compensation in each of the last 12 months, as the server counts them (by its clock, in UTC,
 * every month present): the browser's own calendar could be a month off near a month's end.
 */
function MonthlyPayoutsChart({
  monthlyPayouts,
}: {
  monthlyPayouts: CreatorList['monthlyPayouts'];
}) {
  const { t, language } = useLanguage();
  const crossesYears = monthlyPayouts[0]?.year !== monthlyPayouts.at(-1)?.year;
  const points = monthlyPayouts.map((period) => ({
    key: `${period.year}-${period.month}`,
    label: shortPeriodLabel(period, language, crossesYears),
    fullLabel: periodLabel(period, language),
    cents: decimalToCents(period.amount) ?? 0,
  }));
  return (
    <CompensationChart
      title={t('compensation.influencers.chartTitle')}
      description={t('compensation.influencers.chartDescription')}
      points={points}
    />
  );
}

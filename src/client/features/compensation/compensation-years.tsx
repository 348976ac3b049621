import { useId } from 'react';
import { yearBreakdown, type Compensation } from '../../../domain/compensation.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { Card } from '../../components/ui/card.tsx';
import { Select } from '../../components/ui/input.tsx';
import { formatCents, monthName } from './compensation-format.ts';

/** The year in the address (`?year=2025`), if it is one of the years with compensation. */
export function useChosenYear(years: number[]) {
  const { filters, setFilters } = useListParams(['year']);
  const asked = Number(filters.year);
  const year = years.includes(asked) ? asked : undefined;
  const setYear = (next: number | undefined) => setFilters({ year: next?.toString() });
  return [year, setYear] as const;
}

/** The year select: all years with their total, or one year with its own. */
export function YearFilter({
  years,
  totalCents,
  year,
  onChange,
}: {
  /** Each year with compensation and its total, newest first. */
  years: { year: number; cents: number }[];
  totalCents: number;
  year: number | undefined;
  onChange: (year: number | undefined) => void;
}) {
  const { t, language } = useLanguage();
  const id = useId();
  return (
    <div className="grid gap-1.5 sm:w-80">
      <label htmlFor={id} className="text-sm font-medium">
        {t('compensation.year.label')}
      </label>
      <Select
        id={id}
        value={year ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">
          {t('compensation.year.allWithTotal', { total: formatCents(totalCents, language) })}
        </option>
        {years.map((option) => (
          <option key={option.year} value={option.year}>
            {t('compensation.year.option', {
              year: option.year,
              total: formatCents(option.cents, language),
            })}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Each month of the chosen year, its amount or 'No payment', and the Year Total. */
export function YearBreakdown({ entries, year }: { entries: Compensation[]; year: number }) {
  const { t, language } = useLanguage();
  const { months, totalCents } = yearBreakdown(entries, year);
  return (
    <Card className="min-w-0">
      <table className="w-full text-sm">
        <caption className="mb-3 text-left text-lg font-semibold">
          {t('compensation.breakdown.title', { year })}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('compensation.field.month')}</th>
            <th scope="col">{t('compensation.field.amount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {months.map(({ month, cents }) => (
            <tr key={month}>
              <th scope="row" className="py-2 pr-3 text-left font-normal capitalize">
                {monthName(month, language)}
              </th>
              <td className="py-2 text-right tabular-nums break-words">
                {cents === null ? (
                  <span className="text-muted-foreground">
                    {t('compensation.breakdown.noPayment')}
                  </span>
                ) : (
                  formatCents(cents, language)
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-border">
            <th scope="row" className="pt-3 pr-3 text-left font-semibold">
              {t('compensation.breakdown.yearTotal')}
            </th>
            <td className="pt-3 text-right font-bold tabular-nums break-words">
              {formatCents(totalCents, language)}
            </td>
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}

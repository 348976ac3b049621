import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { compensationYears } from '../../../domain/compensation.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/input.tsx';
import { adminCompensationsCsvUrl } from './api/export-compensations.ts';

/**
 * The years an export can ask for: this year back to the first year compensation can be recorded
 * for.
 */
function exportYears(now: Date): number[] {
  const newest = Math.min(now.getFullYear(), compensationYears.max);
  return Array.from(
    { length: Math.max(0, newest - compensationYears.min + 1) },
    (_, index) => newest - index,
  );
}

/**
 * Compensation as a spreadsheet (CSV), of all years or of the year chosen: every creator's, or
 * only `userId`'s on that creator's own screen.
 */
export function AdminExportCsv({ userId }: { userId?: string }) {
  const { t } = useLanguage();
  const yearId = useId();
  const [year, setYear] = useState<number | undefined>(undefined);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <label htmlFor={yearId} className="text-sm font-medium">
          {t('compensation.export.year')}
        </label>
        <Select
          id={yearId}
          value={year ?? ''}
          onChange={(event) => setYear(event.target.value ? Number(event.target.value) : undefined)}
          className="w-40"
        >
          <option value="">{t('compensation.year.all')}</option>
          {exportYears(new Date()).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </div>
      <a
        href={adminCompensationsCsvUrl({ year, userId })}
        download
        className={buttonVariants({ variant: 'outline' })}
      >
        <Download aria-hidden="true" />
        {t('compensation.export.all')}
      </a>
    </div>
  );
}

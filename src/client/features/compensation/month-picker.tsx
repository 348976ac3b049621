import { useState } from 'react';
import { compensationYears } from '../../../domain/compensation.ts';
import { compensationPeriodSchema } from '../../../domain/compensation-input.ts';
import type { Period } from '../../../domain/months.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { translateMessage } from '../../lib/messages.ts';
import { monthName, monthsOfYear } from './compensation-format.ts';

/** The month a month-wide act is for: this month to begin with; `period` once it is one. */
export function usePeriodChoice() {
  const [now] = useState(() => new Date());
  const [month, setMonth] = useState(String(now.getMonth() + 1));
  const [year, setYear] = useState(
    String(Math.min(Math.max(now.getFullYear(), compensationYears.min), compensationYears.max)),
  );
  const parsed = compensationPeriodSchema.safeParse({ year, month });
  return {
    month,
    year,
    setMonth,
    setYear,
    period: parsed.success ? parsed.data : undefined,
    error: parsed.success ? undefined : parsed.error.issues[0]?.message,
  };
}
export type PeriodChoice = ReturnType<typeof usePeriodChoice>;

/** The month select and the year, side by side from a phone's width up. */
export function MonthPicker({
  choice,
  onChange,
}: {
  choice: PeriodChoice;
  /** After either changes: what was shown for the previous month no longer holds. */
  onChange?: (period: Period | undefined) => void;
}) {
  const { t, language } = useLanguage();
  const yearError = choice.error === 'compensation.year_invalid' ? choice.error : undefined;
  return (
    <div className="grid grid-cols-2 gap-4">
      <Field label={t('compensation.field.month')}>
        {(control) => (
          <Select
            {...control}
            value={choice.month}
            onChange={(event) => {
              choice.setMonth(event.target.value);
              onChange?.(undefined);
            }}
          >
            {monthsOfYear.map((month) => (
              <option key={month} value={month}>
                {monthName(month, language)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('compensation.field.year')} error={translateMessage(t, yearError)}>
        {(control) => (
          <Input
            {...control}
            value={choice.year}
            onChange={(event) => {
              choice.setYear(event.target.value);
              onChange?.(undefined);
            }}
            type="number"
            inputMode="numeric"
            min={compensationYears.min}
            max={compensationYears.max}
            step={1}
          />
        )}
      </Field>
    </div>
  );
}

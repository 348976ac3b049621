import { FileUp } from 'lucide-react';
import { useState } from 'react';
import type { CompensationImportResult } from '../../../domain/compensation.ts';
import type { Period } from '../../../domain/months.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { formatMoney } from '../../lib/format.ts';
import { useImportCompensations } from './api/import-compensations.ts';
import { periodLabel } from './compensation-format.ts';
import { MonthPicker, usePeriodChoice } from './month-picker.tsx';

/**
 * Add pay for a month (decision 0053): a CSV file in the export's format (Username, Amount,
 * Notes), checked first (a dry run that names every row it refuses and why), then added as
 * drafts, all or nothing.
 */
export function ImportMonthButton() {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileUp aria-hidden="true" />
        {t('compensation.import.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('compensation.import.title')}
        description={t('compensation.import.description')}
        size="wide"
      >
        <ImportMonthForm onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

/** The check's answer, with the month and file it was for. */
type Checked = { result: CompensationImportResult; period: Period; file: File };

function ImportMonthForm({ onDone }: { onDone: () => void }) {
  const { t, language } = useLanguage();
  const choice = usePeriodChoice();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [checked, setChecked] = useState<Checked>();
  const importing = useImportCompensations();
  const isReady =
    checked !== undefined && checked.result.refused.length === 0 && checked.result.created > 0;

  const failed = (error: Error) =>
    toastFailure(t, error, {
      title: t('common.error'),
      fallback: t('compensation.import.failure'),
    });

  const onCheck = () => {
    const period = choice.period;
    if (!period) return;
    if (!file) {
      setFileError(t('message.compensation.import_file_required'));
      return;
    }
    importing.mutate(
      { period, file, dryRun: true },
      { onSuccess: (result) => setChecked({ result, period, file }), onError: failed },
    );
  };

  const onAdd = () => {
    if (!checked || !isReady) return;
    const { period, file } = checked;
    importing.mutate(
      { period, file, dryRun: false },
      {
        onSuccess: (result) => {
          if (result.created === 0) {
            // Something changed since the check (an entry added by hand): say which rows.
            setChecked({ result, period, file });
            return;
          }
          toast({
            title: t('common.success'),
            description: t('compensation.import.success', {
              count: result.created,
              period: periodLabel(period, language),
            }),
          });
          onDone();
        },
        onError: failed,
      },
    );
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isReady) onAdd();
        else onCheck();
      }}
    >
      <MonthPicker choice={choice} onChange={() => setChecked(undefined)} />
      <Field
        label={t('compensation.import.file')}
        hint={t('compensation.import.fileHint')}
        error={fileError}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setFileError(undefined);
              setChecked(undefined);
            }}
          />
        )}
      </Field>
      {checked && <ImportPreview checked={checked} />}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        {isReady ? (
          <Button
            type="submit"
            isPending={importing.isPending}
            pendingLabel={t('compensation.import.adding')}
          >
            {t('compensation.import.submit')}
          </Button>
        ) : (
          <Button
            type="submit"
            disabled={choice.period === undefined}
            isPending={importing.isPending}
            pendingLabel={t('compensation.import.checking')}
          >
            {t('compensation.import.check')}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

/** What the file would add, or every row it refuses and why; read out when it arrives. */
function ImportPreview({ checked }: { checked: Checked }) {
  const { t, language } = useLanguage();
  const { result, period } = checked;
  const refusedRows = new Set(result.refused.map((refusal) => refusal.row)).size;
  if (result.refused.length === 0) {
    return (
      <p role="status" className="rounded-md border border-border bg-surface p-3 text-sm">
        {t('compensation.import.ready', {
          count: result.created,
          period: periodLabel(period, language),
          total: formatMoney(result.total, language),
        })}
      </p>
    );
  }
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-red-500/60 p-3 text-sm">
      <p className="font-semibold">{t('compensation.import.refused', { count: refusedRows })}</p>
      <ul className="grid max-h-60 gap-1 overflow-y-auto">
        {result.refused.map((refusal, index) => (
          <li key={`${refusal.row}-${index}`}>
            {t('compensation.import.row', { row: refusal.row, reason: refusal.reason })}
          </li>
        ))}
      </ul>
    </div>
  );
}

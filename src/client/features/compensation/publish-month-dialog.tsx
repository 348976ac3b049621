import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import type { MonthDrafts } from '../../../domain/compensation.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { ApiError } from '../../lib/api-fetch.ts';
import { formatMoney } from '../../lib/format.ts';
import { failureMessage } from '../../lib/messages.ts';
import { useMonthDrafts } from './api/get-month-drafts.ts';
import { usePublishMonth } from './api/publish-month.ts';
import { periodLabel } from './compensation-format.ts';
import { MonthPicker, usePeriodChoice } from './month-picker.tsx';

/**
 * Publish month (decision 0053): choose a month, see how many drafts and what total would be
 * published, confirm once. The confirmation sends the version of the drafts shown, so a draft
 * added meanwhile is never published unseen: the server refuses, and the month is shown again.
 */
export function PublishMonthButton() {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarCheck aria-hidden="true" />
        {t('compensation.publishMonth.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('compensation.publishMonth.title')}
        description={t('compensation.publishMonth.description')}
      >
        <PublishMonthForm onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function PublishMonthForm({ onDone }: { onDone: () => void }) {
  const { t, language } = useLanguage();
  const choice = usePeriodChoice();
  const drafts = useMonthDrafts(choice.period);
  const publish = usePublishMonth();
  // Why the last confirmation published nothing (the month changed since it was shown).
  const [refusal, setRefusal] = useState<string>();
  const shown = drafts.data;
  const canPublish = shown !== undefined && shown.drafts > 0 && !drafts.isFetching;

  const onPublish = () => {
    if (!shown || !canPublish) return;
    const period = periodLabel(shown, language);
    publish.mutate(
      { year: shown.year, month: shown.month, version: shown.version },
      {
        onSuccess: (result) => {
          toast({
            title: t('common.success'),
            description:
              result.published > 0
                ? t('compensation.publishMonth.success', { count: result.published, period })
                : t('compensation.publishMonth.nothingLeft', { period }),
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 412) {
            setRefusal(failureMessage(t, error, t('compensation.publishMonth.failure')));
            return;
          }
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('compensation.publishMonth.failure'),
          });
        },
      },
    );
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onPublish();
      }}
    >
      <MonthPicker choice={choice} onChange={() => setRefusal(undefined)} />
      {refusal && (
        <p role="alert" className="rounded-md border border-amber-500/60 p-3 text-sm">
          {refusal}
        </p>
      )}
      <MonthSummary drafts={shown} isLoading={choice.period !== undefined && drafts.isPending} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          disabled={!canPublish}
          isPending={publish.isPending}
          pendingLabel={t('compensation.publishMonth.publishing')}
        >
          {t('compensation.publishMonth.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** What the confirmation would publish, said as it changes (a polite live region). */
function MonthSummary({
  drafts,
  isLoading,
}: {
  drafts: MonthDrafts | undefined;
  isLoading: boolean;
}) {
  const { t, language } = useLanguage();
  let text = '';
  if (isLoading) text = t('common.loading');
  else if (drafts && drafts.drafts === 0) {
    text = t('compensation.publishMonth.empty', { period: periodLabel(drafts, language) });
  } else if (drafts) {
    text = t('compensation.publishMonth.summary', {
      count: drafts.drafts,
      period: periodLabel(drafts, language),
      total: formatMoney(drafts.total, language),
    });
  }
  return (
    <p role="status" className="min-h-12 rounded-md border border-border bg-surface p-3 text-sm">
      {text}
    </p>
  );
}

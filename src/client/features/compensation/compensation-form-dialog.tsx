import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import {
  compensationNotesMaxLength,
  compensationYears,
  type AdminCompensation,
} from '../../../domain/compensation.ts';
import {
  compensationInputSchema,
  compensationUpdateSchema,
  type CompensationFields,
  type CompensationInput,
  type CompensationUpdate,
} from '../../../domain/compensation-input.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useCreateCompensation } from './api/create-compensation.ts';
import { useUpdateCompensation } from './api/update-compensation.ts';
import { monthName, monthsOfYear, periodLabel } from './compensation-format.ts';

/** The update as the schema reads it (amount in cents); the form sends its own text instead. */
type CompensationUpdateFields = { amount: number; notes: string | null };

/** Add Compensation: month, year, amount and notes; recorded as a draft. */
export function AddCompensationDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLanguage();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('compensation.add.title')}
      description={t('compensation.add.description')}
    >
      <AddCompensationForm userId={userId} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AddCompensationForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useLanguage();
  const create = useCreateCompensation();
  const now = new Date();
  const form = useForm<CompensationInput, unknown, CompensationFields>({
    resolver: zodResolver(compensationInputSchema),
    defaultValues: {
      userId,
      month: String(now.getMonth() + 1),
      year: String(
        Math.min(Math.max(now.getFullYear(), compensationYears.min), compensationYears.max),
      ),
      amount: '',
      notes: '',
    },
  });
  const { errors } = form.formState;

  // The form's own text goes to the server, which reads the amount as exact cents again.
  const onSubmit = form.handleSubmit(() =>
    create.mutate(form.getValues(), {
      onSuccess: () => {
        toast({ title: t('common.success'), description: t('compensation.add.success') });
        onDone();
      },
      onError: (error) =>
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('compensation.add.failure'),
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <MonthAndYear month={form.register('month')} year={form.register('year')} errors={errors} />
      <AmountAndNotes
        amount={form.register('amount')}
        notes={form.register('notes')}
        errors={errors}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={create.isPending} pendingLabel={t('common.saving')}>
          {t('compensation.add.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Edit: the amount and notes of one entry; a published one is corrected. */
export function EditCompensationDialog({
  compensation,
  open,
  onOpenChange,
}: {
  compensation: AdminCompensation | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, language } = useLanguage();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('compensation.edit.title')}
      description={
        compensation &&
        t(
          compensation.status === 'published'
            ? 'compensation.edit.descriptionPublished'
            : 'compensation.edit.description',
          { period: periodLabel(compensation, language) },
        )
      }
    >
      {compensation && (
        <EditCompensationForm compensation={compensation} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function EditCompensationForm({
  compensation,
  onDone,
}: {
  compensation: AdminCompensation;
  onDone: () => void;
}) {
  const { t } = useLanguage();
  const update = useUpdateCompensation();
  const form = useForm<CompensationUpdate, unknown, CompensationUpdateFields>({
    resolver: zodResolver(compensationUpdateSchema),
    defaultValues: { amount: compensation.amount, notes: compensation.notes ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(() =>
    update.mutate(
      { id: compensation.id, ...form.getValues() },
      {
        onSuccess: () => {
          toast({ title: t('common.success'), description: t('compensation.edit.success') });
          onDone();
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('compensation.edit.failure'),
          }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <AmountAndNotes
        amount={form.register('amount')}
        notes={form.register('notes')}
        errors={errors}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={update.isPending} pendingLabel={t('common.saving')}>
          {t('compensation.edit.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The month and year of a new entry (an entry's period does not change once recorded). */
function MonthAndYear({
  month,
  year,
  errors,
}: {
  month: UseFormRegisterReturn;
  year: UseFormRegisterReturn;
  errors: { month?: FieldError; year?: FieldError };
}) {
  const { t, language } = useLanguage();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t('compensation.field.month')}
        error={translateMessage(t, errors.month?.message)}
      >
        {(control) => (
          <Select {...control} {...month}>
            {monthsOfYear.map((month) => (
              <option key={month} value={month}>
                {monthName(month, language)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('compensation.field.year')} error={translateMessage(t, errors.year?.message)}>
        {(control) => (
          <Input
            {...control}
            {...year}
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

/** The two fields both forms share. */
function AmountAndNotes({
  amount,
  notes,
  errors,
}: {
  amount: UseFormRegisterReturn;
  notes: UseFormRegisterReturn;
  errors: { amount?: FieldError; notes?: FieldError };
}) {
  const { t } = useLanguage();
  return (
    <>
      <Field
        label={t('compensation.field.amount')}
        hint={t('compensation.form.amountHint')}
        error={translateMessage(t, errors.amount?.message)}
      >
        {(control) => (
          <Input
            {...control}
            {...amount}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            autoComplete="off"
          />
        )}
      </Field>
      <Field
        label={t('compensation.field.notes')}
        hint={t('compensation.form.notesHint')}
        error={translateMessage(t, errors.notes?.message)}
      >
        {(control) => (
          <Textarea {...control} {...notes} rows={3} maxLength={compensationNotesMaxLength} />
        )}
      </Field>
    </>
  );
}

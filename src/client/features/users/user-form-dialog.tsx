import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  createUserRequestSchema,
  updateUserRequestSchema,
  type User,
} from '../../../domain/users.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useCreateUser } from './api/create-user.ts';
import { useUpdateUser } from './api/update-user.ts';

/** Editing leaves the password alone (it has its own dialog); adding someone requires one. */
const editSchema = updateUserRequestSchema.extend({ password: z.string().optional() });
const createSchema = updateUserRequestSchema.extend({
  password: z.string().optional().pipe(createUserRequestSchema.shape.password),
});

interface UserFormDialogProps {
  /** The person to edit; without one the dialog adds a new person. */
  user?: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Add User and Edit User (docs/product.md, "User Management"): the same fields, Edit without the
 * password.
 */
export function UserFormDialog({ user, open, onOpenChange }: UserFormDialogProps) {
  const { t } = useLanguage();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(user ? 'users.edit.title' : 'users.create.title')}
      description={t(user ? 'users.edit.description' : 'users.create.description')}
    >
      <UserForm user={user} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

type UserFormValues = z.output<typeof editSchema>;

/** Saves the form: an edit, or a new person with their password; a toast says how it went. */
function useSaveUser(user: User | undefined, onDone: () => void) {
  const { t } = useLanguage();
  const create = useCreateUser();
  const update = useUpdateUser();
  const save = ({ password, ...values }: UserFormValues) => {
    if (user) {
      update.mutate(
        { ...values, id: user.id },
        {
          onSuccess: (saved) => {
            toast({
              title: t('users.edit.successTitle'),
              description: t('users.edit.success', { username: saved.username }),
            });
            onDone();
          },
          onError: (error) =>
            toastFailure(t, error, {
              title: t('users.edit.failureTitle'),
              fallback: t('users.edit.failure'),
            }),
        },
      );
      return;
    }
    create.mutate(
      { ...values, password: password ?? '' },
      {
        onSuccess: (saved) => {
          toast({
            title: t('users.create.successTitle'),
            description: t('users.create.success', { username: saved.username }),
          });
          onDone();
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('users.create.failureTitle'),
            fallback: t('users.create.failure'),
          }),
      },
    );
  };
  return { save, isPending: create.isPending || update.isPending };
}

function UserForm({ user, onDone }: { user?: User; onDone: () => void }) {
  const { t } = useLanguage();
  const { save, isPending } = useSaveUser(user, onDone);
  const isEdit = user !== undefined;
  // One form for both: the password is only checked (and sent) when adding someone.
  const form = useForm<z.input<typeof editSchema>, unknown, UserFormValues>({
    resolver: zodResolver(isEdit ? editSchema : createSchema),
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      isAdmin: user?.isAdmin ?? false,
      password: '',
    },
  });

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="grid gap-4">
      <UserFields form={form} isEdit={isEdit} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={isPending} pendingLabel={t('common.saving')}>
          {t(isEdit ? 'users.edit.submit' : 'users.create.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function UserFields({
  form,
  isEdit,
}: {
  form: UseFormReturn<z.input<typeof editSchema>, unknown, UserFormValues>;
  isEdit: boolean;
}) {
  const { t } = useLanguage();
  const { errors } = form.formState;
  return (
    <>
      <Field
        label={t('users.field.username')}
        error={translateMessage(t, errors.username?.message)}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('username')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      <Field label={t('users.field.email')} error={translateMessage(t, errors.email?.message)}>
        {(control) => (
          <Input {...control} {...form.register('email')} type="email" autoComplete="off" />
        )}
      </Field>
      {!isEdit && (
        <PasswordField
          {...form.register('password')}
          label={t('users.field.password')}
          error={translateMessage(t, errors.password?.message)}
          autoComplete="new-password"
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('users.field.firstName')}
          error={translateMessage(t, errors.firstName?.message)}
        >
          {(control) => <Input {...control} {...form.register('firstName')} autoComplete="off" />}
        </Field>
        <Field
          label={t('users.field.lastName')}
          error={translateMessage(t, errors.lastName?.message)}
        >
          {(control) => <Input {...control} {...form.register('lastName')} autoComplete="off" />}
        </Field>
      </div>
      <Field label={t('users.field.isAdmin')}>
        {(control) => (
          <Select
            {...control}
            {...form.register('isAdmin', {
              setValueAs: (value) => value === true || value === 'true',
            })}
          >
            <option value="false">{t('users.role.regularUser')}</option>
            <option value="true">{t('users.role.administrator')}</option>
          </Select>
        )}
      </Field>
    </>
  );
}

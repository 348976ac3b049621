import type { User } from '../../../domain/users.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { ConfirmActions } from '../../components/ui/confirm-dialog.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import type { Action } from '../../lib/action.ts';
import { useDeleteUser } from './api/delete-user.ts';
import { useEndSessionsOf } from './api/end-sessions-of.ts';
import { useResetTwoFactorOf } from './api/reset-two-factor-of.ts';
import { fullName } from './format.ts';

/**
 * The confirming buttons of an act on one person (delete, end the sessions, reset the second
 * factor): its request, then a toast saying what it did or why it failed, from the act's texts
 * under `users.{act}` (submit, successTitle, failureTitle, failure, and the pending label).
 */
function ConfirmUserAct<Result>({
  user,
  onDone,
  act,
  texts,
  pendingLabel,
  describeSuccess,
}: {
  user: User;
  onDone: () => void;
  act: Action<Result, string>;
  texts: 'users.delete' | 'users.sessions' | 'users.twoFactor';
  pendingLabel: string;
  describeSuccess: (result: Result) => string;
}) {
  const { t } = useLanguage();
  const onConfirm = () =>
    act.mutate(user.id, {
      onSuccess: (result) => {
        toast({ title: t(`${texts}.successTitle`), description: describeSuccess(result) });
        onDone();
      },
      onError: (error) =>
        toastFailure(t, error, {
          title: t(`${texts}.failureTitle`),
          fallback: t(`${texts}.failure`),
        }),
    });
  return (
    <ConfirmActions
      subject={
        <>
          {fullName(user) ?? user.username}{' '}
          <span className="text-muted-foreground">@{user.username}</span>
        </>
      }
      onCancel={onDone}
      onConfirm={onConfirm}
      isPending={act.isPending}
      confirmLabel={t(`${texts}.submit`)}
      pendingLabel={pendingLabel}
    />
  );
}

export function DeleteConfirmation({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useLanguage();
  return (
    <ConfirmUserAct
      user={user}
      onDone={onDone}
      act={useDeleteUser()}
      texts="users.delete"
      pendingLabel={t('users.delete.deleting')}
      describeSuccess={() => t('users.delete.success', { username: user.username })}
    />
  );
}

export function EndSessionsConfirmation({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useLanguage();
  return (
    <ConfirmUserAct
      user={user}
      onDone={onDone}
      act={useEndSessionsOf()}
      texts="users.sessions"
      pendingLabel={t('users.sessions.ending')}
      describeSuccess={({ ended }) =>
        t('users.sessions.success', { count: ended, username: user.username })
      }
    />
  );
}

export function ResetTwoFactorConfirmation({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useLanguage();
  return (
    <ConfirmUserAct
      user={user}
      onDone={onDone}
      act={useResetTwoFactorOf()}
      texts="users.twoFactor"
      pendingLabel={t('users.twoFactor.resetting')}
      describeSuccess={() => t('users.twoFactor.success', { username: user.username })}
    />
  );
}

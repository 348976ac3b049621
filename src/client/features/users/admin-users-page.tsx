import { zodResolver } from '@hookform/resolvers/zod';
import {
  Eye,
  KeyRound,
  LogOut,
  Pencil,
  Plus,
  ShieldCheck,
  ShieldOff,
  Trash2,
  UserRound,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  adminPasswordChangeRequestSchema,
  userRoleFilters,
  type ListedUser,
  type User,
} from '../../../domain/users.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain, QueryState } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { PagedList } from '../../components/list/paged-list.tsx';
import { SearchBox } from '../../components/list/search-box.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { Select } from '../../components/ui/input.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { TooltipProvider, useTooltip } from '../../components/ui/tooltip.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useChangeUserPassword } from './api/change-user-password.ts';
import { useUsers } from './api/get-users.ts';
import { formatDate } from '../../lib/format.ts';
import { fullName } from './format.ts';
import {
  DeleteConfirmation,
  EndSessionsConfirmation,
  ResetTwoFactorConfirmation,
} from './user-confirmations.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';
import { useAdminUser } from '../../lib/admin-user.ts';

type RoleFilter = (typeof userRoleFilters)[number];

function isRoleFilter(value: string | undefined): value is RoleFilter {
  return (userRoleFilters as readonly (string | undefined)[]).includes(value);
}

type OpenDialog = { kind: 'create' } | { kind: UserAction; user: User } | null;

export function AdminUsersPage() {
  const { t } = useLanguage();
  const { page, q, filters, setPage, setFilters } = useListParams(['role']);
  const role = isRoleFilter(filters.role) ? filters.role : 'all';
  const users = useUsers({ page, q, role });
  const [dialog, setDialog] = useState<OpenDialog>(null);

  return (
    <PageMain>
      <ScreenHeader
        page="adminUsers"
        action={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {t('users.create.open')}
          </Button>
        }
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <SearchBox label={t('users.search')} placeholder={t('users.searchPlaceholder')} />
        <Select
          value={role}
          onChange={(event) => {
            const next = event.target.value;
            if (isRoleFilter(next)) setFilters({ role: next === 'all' ? undefined : next });
          }}
          aria-label={t('users.roleFilter')}
        >
          <option value="all">{t('users.filter.all')}</option>
          <option value="admin">{t('users.filter.admin')}</option>
          <option value="user">{t('users.filter.user')}</option>
        </Select>
      </div>

      {/* The only screen with tooltips (its cards' actions): the provider is here, not in the frame. */}
      <TooltipProvider>
        <PagedList
          query={users}
          label={t('users.listLabel')}
          showingKey="users.showing"
          empty={<p>{t('users.empty')}</p>}
          onPageChange={setPage}
          className="md:grid-cols-2 xl:grid-cols-3"
        >
          {(user) => <UserCard user={user} onAction={(kind) => setDialog({ kind, user })} />}
        </PagedList>
      </TooltipProvider>

      <UserDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </PageMain>
  );
}

/**
 * The page's dialogs, at most one open: add, view, edit, set the password, end the sessions,
 * reset the second factor, delete.
 */
function UserDialogs({ dialog, onClose }: { dialog: OpenDialog; onClose: () => void }) {
  const { t } = useLanguage();
  const { data: me } = useCurrentUser();
  const onOpenChange = (open: boolean) => !open && onClose();
  return (
    <>
      <UserFormDialog open={dialog?.kind === 'create'} onOpenChange={onOpenChange} />
      <UserFormDialog
        user={dialog?.kind === 'edit' ? dialog.user : undefined}
        open={dialog?.kind === 'edit'}
        onOpenChange={onOpenChange}
      />
      <Dialog
        open={dialog?.kind === 'view'}
        onOpenChange={onOpenChange}
        title={t('users.view.title')}
      >
        {dialog?.kind === 'view' && <UserDetails id={dialog.user.id} onDone={onClose} />}
      </Dialog>
      <Dialog
        open={dialog?.kind === 'password'}
        onOpenChange={onOpenChange}
        title={t('users.password.title')}
        description={
          dialog?.kind === 'password'
            ? t('users.password.description', { username: dialog.user.username })
            : undefined
        }
      >
        {dialog?.kind === 'password' && <PasswordForm user={dialog.user} onDone={onClose} />}
      </Dialog>
      <ConfirmDialog
        open={dialog?.kind === 'sessions'}
        onClose={onClose}
        title={
          dialog?.kind === 'sessions'
            ? t('users.sessions.title', { name: fullName(dialog.user) ?? dialog.user.username })
            : ''
        }
        description={
          // One's own account keeps the session asking (decision 0056).
          dialog?.kind === 'sessions' && dialog.user.id === me?.id
            ? t('users.sessions.confirmOwn')
            : t('users.sessions.confirm')
        }
      >
        {dialog?.kind === 'sessions' && (
          <EndSessionsConfirmation user={dialog.user} onDone={onClose} />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'twoFactor'}
        onClose={onClose}
        title={
          dialog?.kind === 'twoFactor'
            ? t('users.twoFactor.title', { name: fullName(dialog.user) ?? dialog.user.username })
            : ''
        }
        description={t('users.twoFactor.confirm')}
      >
        {dialog?.kind === 'twoFactor' && (
          <ResetTwoFactorConfirmation user={dialog.user} onDone={onClose} />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onClose={onClose}
        title={t('users.delete.title')}
        description={t('users.delete.confirm')}
      >
        {dialog?.kind === 'delete' && <DeleteConfirmation user={dialog.user} onDone={onClose} />}
      </ConfirmDialog>
    </>
  );
}

function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useLanguage();
  return (
    <span
      className={cn(
        'inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-semibold',
        isAdmin ? 'bg-accent text-accent-foreground' : 'bg-background text-foreground',
      )}
    >
      {t(isAdmin ? 'users.role.administrator' : 'users.role.regularUser')}
    </span>
  );
}

type UserAction = 'view' | 'edit' | 'password' | 'sessions' | 'twoFactor' | 'delete';

/**
 * One person's card. The name and username get the card's whole width (the role badge sits
 * beneath them, and a long word wraps instead of being cut); the actions are one row of icon
 * buttons, each named for screen readers and shown in a tooltip on hover and on focus. Resetting
 * the second factor is offered only to someone who has one.
 */
function UserCard({ user, onAction }: { user: ListedUser; onAction: (kind: UserAction) => void }) {
  const { t, language } = useLanguage();
  const { data: me } = useCurrentUser();
  // The server refuses to delete one's own account; the card says so before anyone tries.
  const isOwnCard = me?.id === user.id;
  const ownAccountHintId = useId();
  const tooltip = useTooltip();
  const actions = [
    { kind: 'view', label: t('users.view.open'), icon: Eye },
    { kind: 'edit', label: t('users.edit.open'), icon: Pencil },
    { kind: 'password', label: t('users.password.open'), icon: KeyRound },
    { kind: 'sessions', label: t('users.sessions.open'), icon: LogOut },
    ...(user.twoFactorEnabled
      ? [{ kind: 'twoFactor', label: t('users.twoFactor.open'), icon: ShieldOff } as const]
      : []),
    { kind: 'delete', label: t('users.delete.open'), icon: Trash2 },
  ] as const;
  return (
    <Card className="flex h-full flex-col gap-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-background"
        >
          <UserRound className="size-5 text-muted-foreground" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="font-semibold break-words">{fullName(user) ?? user.username}</h2>
          <p className="text-sm break-all text-muted-foreground">@{user.username}</p>
          <div className="flex flex-wrap items-center gap-2">
            <RoleBadge isAdmin={user.isAdmin} />
            {user.twoFactorEnabled && (
              <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                {t('users.twoFactor.on')}
              </span>
            )}
          </div>
        </div>
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="sr-only">{t('users.field.email')}</dt>
          <dd className="min-w-0 break-all">{user.email}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2 text-muted-foreground">
          <dt>{t('users.memberSince')}</dt>
          <dd>{formatDate(user.createdAt, language)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center gap-1 border-t border-border pt-3">
        {actions.map(({ kind, label, icon: Icon }) => {
          const isRefused = kind === 'delete' && isOwnCard;
          return (
            <Button
              key={kind}
              {...tooltip(isRefused ? t('message.user.delete_self') : label)}
              variant="ghost"
              size="icon"
              // aria-disabled rather than disabled: a disabled button takes no focus, so its
              // tooltip saying why could not be reached with the keyboard. (Spread only when
              // refused: an undefined aria-describedby is no attribute at all.)
              {...(isRefused
                ? { 'aria-disabled': true, 'aria-describedby': ownAccountHintId }
                : {})}
              onClick={() => {
                if (!isRefused) onAction(kind);
              }}
              className={cn(
                kind === 'delete' && 'ml-auto text-red-400 hover:text-red-300',
                isRefused && 'cursor-not-allowed opacity-50 hover:bg-transparent',
              )}
              aria-label={`${label}: ${user.username}`}
            >
              <Icon aria-hidden="true" />
            </Button>
          );
        })}
        {isOwnCard && (
          <span id={ownAccountHintId} className="sr-only">
            {t('message.user.delete_self')}
          </span>
        )}
      </div>
    </Card>
  );
}

function UserDetails({ id, onDone }: { id: string; onDone: () => void }) {
  const { t, language } = useLanguage();
  const user = useAdminUser(id);
  return (
    <QueryState query={user}>
      {(details) => {
        const rows: [string, string][] = [
          [t('users.field.username'), details.username],
          [t('users.field.email'), details.email],
          [t('users.field.fullName'), fullName(details) ?? t('users.notProvided')],
          [
            t('users.field.role'),
            t(details.isAdmin ? 'users.role.administrator' : 'users.role.regularUser'),
          ],
          [t('users.field.createdAt'), formatDate(details.createdAt, language)],
          [t('users.field.updatedAt'), formatDate(details.updatedAt, language)],
        ];
        return (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="break-words">{value}</dd>
                </div>
              ))}
            </dl>
            <DialogFooter>
              <Button onClick={onDone}>{t('common.close')}</Button>
            </DialogFooter>
          </>
        );
      }}
    </QueryState>
  );
}

function PasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useLanguage();
  const change = useChangeUserPassword();
  const form = useForm({
    resolver: zodResolver(adminPasswordChangeRequestSchema),
    defaultValues: { newPassword: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      { ...values, id: user.id },
      {
        onSuccess: () => {
          toast({
            title: t('users.password.successTitle'),
            description: t('users.password.success', { username: user.username }),
          });
          onDone();
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('users.password.failureTitle'),
            fallback: t('users.password.failure'),
          }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PasswordField
        {...form.register('newPassword')}
        label={t('auth.newPassword')}
        error={translateMessage(t, form.formState.errors.newPassword?.message)}
        autoComplete="new-password"
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={change.isPending} pendingLabel={t('common.saving')}>
          {t('users.password.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

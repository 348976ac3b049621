import type { ReactNode } from 'react';
import { useLanguage } from '../../app/language-provider.tsx';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Dialog, DialogFooter } from './dialog.tsx';

/**
 * A dialog asking to confirm a destructive action. Its children (mounted only while open) hold
 * the action's request and render ConfirmActions, so each opening starts with a fresh request.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={title}
      description={description}
    >
      {children}
    </Dialog>
  );
}

/** What is about to go (or change), then Cancel and the action: destructive unless told. */
export function ConfirmActions({
  subject,
  subjectClassName,
  onCancel,
  onConfirm,
  isPending,
  confirmLabel,
  pendingLabel,
  confirmVariant = 'destructive',
}: {
  subject: ReactNode;
  subjectClassName?: string;
  onCancel: () => void;
  onConfirm: () => void;
  isPending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  /** 'default' for an action that deletes nothing, such as publishing. */
  confirmVariant?: 'destructive' | 'default';
}) {
  const { t } = useLanguage();
  return (
    <>
      <p className={cn('rounded-md border border-border bg-surface p-3 text-sm', subjectClassName)}>
        {subject}
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          variant={confirmVariant}
          onClick={onConfirm}
          isPending={isPending}
          pendingLabel={pendingLabel}
        >
          {confirmLabel}
        </Button>
      </DialogFooter>
    </>
  );
}

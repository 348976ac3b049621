import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLanguage } from '../../app/language-provider.tsx';
import { cn } from '../../lib/cn.ts';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /**
   * `wide` for a dialog holding a whole record, such as an application under review; `full` for
   * a picture shown at full size: the whole screen, on black, nothing of the page behind it;
   * `drawer` for a panel down the left edge, its title for screen readers only (the phone's menu).
   */
  size?: 'default' | 'wide' | 'full' | 'drawer';
  /** The close button's name for screen readers; 'Close' unless given. */
  closeLabel?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert and keeps focus
 * inside, Escape closes it, and focus returns to the opener. The content mounts only while open,
 * so forms start clean each time.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'default',
  closeLabel,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { t } = useLanguage();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => onOpenChange(false);
    // A click on the backdrop lands on the <dialog> itself, outside its padded content box. The
    // second click of a double click (or tap) on the button that opened it lands there too, and
    // must not close what the first one opened: its `detail` (the click count) is 2.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog && event.detail < 2) dialog.close();
    };
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('click', onClick);
    };
  }, [onOpenChange]);

  return (
    <dialog
      ref={ref}
      // Always opened with showModal(): said outright for screen readers that predate <dialog>.
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      className={cn(
        'p-0 text-foreground',
        size === 'full' &&
          'm-0 h-dvh max-h-none w-full max-w-none border-0 bg-black backdrop:bg-black',
        size === 'drawer' &&
          'm-0 h-dvh max-h-none w-64 max-w-[calc(100%-3rem)] border-0 border-r border-border bg-surface backdrop:bg-black/60',
        (size === 'default' || size === 'wide') &&
          'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-lg border border-border bg-background shadow-2xl shadow-black/60 backdrop:bg-black/70',
        size === 'wide' && 'max-w-3xl',
        size === 'default' && 'max-w-lg',
      )}
    >
      {open && size === 'drawer' && (
        <div className="relative flex h-full flex-col">
          <h2 id={titleId} className="sr-only">
            {title}
          </h2>
          {children}
          <CloseButton
            label={closeLabel ?? t('common.close')}
            onClose={() => onOpenChange(false)}
            className="top-3.5 right-3 p-2"
          />
        </div>
      )}
      {open && size !== 'drawer' && (
        <div
          className={size === 'full' ? 'relative flex h-full flex-col p-3' : 'relative p-5 sm:p-6'}
        >
          {/* Room on the right for the close button, drawn in the corner. */}
          <div className={size === 'full' ? 'mb-3 pr-10' : 'mb-5 pr-8'}>
            <h2 id={titleId} className={cn('text-lg font-semibold', size === 'full' && 'truncate')}>
              {title}
            </h2>
            {description !== undefined && (
              <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
                {description}
              </p>
            )}
          </div>
          {children}
          {/* Last in the document, though drawn in the top corner: showModal() focuses the first
              focusable element, which must be the form's first field (typing goes there, Enter
              submits), not the close button. Escape closes the dialog all the same. */}
          <CloseButton
            label={closeLabel ?? t('common.close')}
            onClose={() => onOpenChange(false)}
            className={cn(
              'p-1',
              size === 'full' ? 'top-3 right-3' : 'top-4 right-4 sm:top-5 sm:right-5',
            )}
          />
        </div>
      )}
    </dialog>
  );
}

/** The dialog's close button, drawn in its top corner (`className` places it). */
function CloseButton({
  label,
  onClose,
  className,
}: {
  label: string;
  onClose: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={onClose}
      className={cn('absolute rounded-md text-muted-foreground hover:text-foreground', className)}
    >
      <X className="size-5" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** The row of buttons at the bottom of a dialog: stacked on phones, right-aligned otherwise. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
  );
}

import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const control =
  'w-full rounded-md border border-border bg-surface px-3 text-sm text-foreground hover:border-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive';

// Only a text control can be read-only: a <select> always matches :read-only, so these styles on
// the shared classes greyed every chosen value as if it were a placeholder.
const textControl =
  'placeholder:text-muted-foreground read-only:bg-background read-only:text-muted-foreground';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(control, textControl, 'h-10 py-2', className)} {...props} />;
}

/**
 * Grey only while its empty first option (the placeholder) is chosen; a chosen value, and the
 * list of options, in the normal text colour.
 */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        control,
        "h-10 py-2 has-[option[value='']:disabled:checked]:text-muted-foreground [&_option]:text-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(control, textControl, 'min-h-32 py-2', className)} {...props} />;
}

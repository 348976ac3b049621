import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold tracking-wide whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-progress aria-disabled:opacity-70 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-accent text-accent-foreground hover:bg-accent/90',
        outline: 'border border-border bg-transparent hover:bg-surface',
        ghost: 'hover:bg-surface',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
      },
      size: {
        // Each size sets its own text size: one in the base classes would conflict with lg's.
        default: 'h-10 px-5 text-sm',
        sm: 'h-9 px-3 text-sm',
        lg: 'h-12 px-8 text-base',
        icon: 'size-10 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /**
     * While the button's request runs: it stays focusable but does nothing (`aria-disabled`),
     * and reads `pendingLabel` (decision 0041).
     */
    isPending?: boolean;
    /** What the button reads while pending ("Saving..."); it keeps the width of the longer label. */
    pendingLabel?: ReactNode;
  };

/** Both labels in one grid cell, the hidden one holding its width, so nothing moves on a tap. */
function Labels({
  isPending,
  label,
  pendingLabel,
}: {
  isPending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
}) {
  const cell = 'col-start-1 row-start-1 inline-flex items-center justify-center gap-2';
  return (
    <span className="grid">
      <span className={cn(cell, isPending && 'invisible')} aria-hidden={isPending || undefined}>
        {label}
      </span>
      <span className={cn(cell, !isPending && 'invisible')} aria-hidden={!isPending || undefined}>
        {pendingLabel}
      </span>
    </span>
  );
}

/**
 * For links that look like buttons, put `buttonVariants()` on the link instead. An action's
 * button passes its request's `isPending` and a `pendingLabel`: a tap while pending (the second
 * of a double tap, Enter in the form again) is swallowed here, and `useAction` drops any call
 * that gets through before the button shows it.
 */
export function Button({
  className,
  variant,
  size,
  type = 'button',
  isPending = false,
  pendingLabel,
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonVariants({ variant, size }), className)}
      aria-disabled={isPending || undefined}
      onClick={(event) => {
        // Also stops a submit button's form from being sent again.
        if (isPending) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      {pendingLabel === undefined ? (
        children
      ) : (
        <Labels isPending={isPending} label={children} pendingLabel={pendingLabel} />
      )}
    </button>
  );
}

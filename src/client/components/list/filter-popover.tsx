import { SlidersHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLanguage } from '../../app/language-provider.tsx';
import { cn } from '../../lib/cn.ts';
import { Button, buttonVariants } from '../ui/button.tsx';
import { Popover } from '../ui/popover.tsx';

export interface FilterPopoverProps {
  /** Filters in force now, counted on the trigger. */
  activeCount: number;
  /** Filters chosen in the open popover, counted on Apply; the same as activeCount if omitted. */
  pendingCount?: number;
  /** Puts the chosen filters in force; the popover then closes. */
  onApply: () => void;
  /** Removes every filter; the popover then closes. */
  onClear: () => void;
  /** Told when the popover opens, so the controls can start from the filters in force. */
  onOpenChange?: (isOpen: boolean) => void;
  /** The filter controls (selects, checkboxes), laid out one under another. */
  children: ReactNode;
  className?: string;
}

/**
 * A 'Filters' button showing how many filters are in force, opening a panel of filter controls with
 * 'Clear All' and 'Apply' (docs/product.md, section 6); the browser closes it on Escape or a click
 * outside.
 */
export function FilterPopover({
  activeCount,
  pendingCount = activeCount,
  onApply,
  onClear,
  onOpenChange,
  children,
  className,
}: FilterPopoverProps) {
  const { t } = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  return (
    <Popover
      isOpen={isOpen}
      onOpenChange={change}
      buttonClassName={cn(buttonVariants({ variant: 'outline' }), 'relative', className)}
      buttonLabel={
        activeCount > 0 ? t('list.filtersActive', { count: activeCount }) : t('list.filters')
      }
      button={
        <>
          <SlidersHorizontal aria-hidden="true" />
          {t('list.filters')}
          {activeCount > 0 && (
            <span
              aria-hidden="true"
              className="flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-bold text-accent-foreground"
            >
              {activeCount}
            </span>
          )}
        </>
      }
      maxWidthRem={20}
      panelLabel={t('list.filters')}
      panelClassName="gap-4 p-4 open:grid"
    >
      <div className="grid gap-3">{children}</div>
      <div className="flex justify-between gap-2 border-t border-border pt-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            onClear();
            change(false);
          }}
        >
          {t('list.clearAll')}
        </Button>
        <Button
          size="sm"
          onClick={() => {
            onApply();
            change(false);
          }}
        >
          {pendingCount > 0 ? t('list.applyCount', { count: pendingCount }) : t('list.apply')}
        </Button>
      </div>
    </Popover>
  );
}

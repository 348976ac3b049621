import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface PopoverProps {
  isOpen: boolean;
  /** Told when the panel opens or closes, by its button, Escape, a click outside or `isOpen`. */
  onOpenChange: (isOpen: boolean) => void;
  /** The button's look and contents; its accessible name is `buttonLabel` when given. */
  buttonClassName: string;
  buttonLabel?: string;
  button: ReactNode;
  /**
   * The panel's widest and tallest, in rem (never more than the screen has room for); its look
   * (its display while open, `open:flex` or `open:grid`, and its padding); its name.
   */
  maxWidthRem: number;
  maxHeightRem?: number;
  panelClassName: string;
  panelLabel: string;
  /** What the panel holds, drawn only while it is open. */
  children: ReactNode;
}

/** Room kept between the panel and its button, and between the panel and the screen's edges. */
const gap = 8;

/**
 * Where the panel opens: under its button, its right edge on the button's, kept on screen, and
 * no taller than the screen leaves room for.
 */
function placement(button: HTMLElement, maxWidthRem: number, maxHeightRem?: number) {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const viewport = document.documentElement.clientWidth;
  const box = button.getBoundingClientRect();
  const width = Math.min(maxWidthRem * rem, viewport - 2 * gap);
  const top = box.bottom + gap;
  const roomBelow = window.innerHeight - top - gap;
  // A popover covers the whole screen by default (inset 0): only its top left corner is set.
  return {
    top,
    left: Math.min(Math.max(box.right - width, gap), viewport - width - gap),
    right: 'auto',
    bottom: 'auto',
    width,
    maxHeight: maxHeightRem === undefined ? roomBelow : Math.min(maxHeightRem * rem, roomBelow),
  } satisfies CSSProperties;
}

/**
 * A button and the panel it opens under it: a native popover, which the browser closes on Escape
 * or a click outside, handing focus back to the button. Focus moves into the panel when it
 * opens. Native rather than a library's: the bell is in every signed-in screen's frame, and a
 * phone would otherwise download and run a positioning library before the first screen.
 */
export function Popover({
  isOpen,
  onOpenChange,
  buttonClassName,
  buttonLabel,
  button,
  maxWidthRem,
  maxHeightRem,
  panelClassName,
  panelLabel,
  children,
}: PopoverProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const [style, setStyle] = useState<CSSProperties>();

  // The panel follows `isOpen`, and, once drawn open, takes the focus.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const isShown = panel.matches(':popover-open');
    if (isOpen && !isShown) panel.showPopover();
    if (!isOpen && isShown) panel.hidePopover();
    if (isOpen) {
      panel.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
    }
  }, [isOpen]);

  // A panel left open while the page scrolls (any scroller: capture) or the window changes size
  // follows its button: it sits in the top layer, placed against the screen, not the page.
  useEffect(() => {
    if (!isOpen) return;
    const follow = () => {
      if (buttonRef.current) setStyle(placement(buttonRef.current, maxWidthRem, maxHeightRem));
    };
    const listening = { capture: true, passive: true } as const;
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, listening);
    return () => {
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, listening);
    };
  }, [isOpen, maxWidthRem, maxHeightRem]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={panelId}
        aria-expanded={isOpen}
        aria-label={buttonLabel}
        className={buttonClassName}
      >
        {button}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        popover="auto"
        // A panel of controls beside the page, as screen readers know it (not modal).
        role="dialog"
        aria-label={panelLabel}
        onBeforeToggle={(event) => {
          if (event.newState === 'open' && buttonRef.current) {
            setStyle(placement(buttonRef.current, maxWidthRem, maxHeightRem));
          }
        }}
        onToggle={(event) => {
          const isNowOpen = event.newState === 'open';
          if (isNowOpen !== isOpen) onOpenChange(isNowOpen);
        }}
        style={style}
        className={cn(
          'm-0 overflow-auto rounded-lg border border-border bg-surface text-foreground shadow-xl shadow-black/50',
          panelClassName,
        )}
      >
        {isOpen && children}
      </div>
    </>
  );
}

import {
  createContext,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

/**
 * Open after 700 ms of hovering; moving to another trigger within 300 ms of one closing skips the
 * wait (docs/product.md, section 10). Room between a tooltip and its trigger: 4 px.
 */
const openDelayMs = 700;
const skipDelayMs = 300;
const offset = 4;
/** Room kept between a tooltip and the screen's edges. */
const edgeGap = 8;

interface Shown {
  anchor: HTMLElement;
  text: string;
}

interface Tooltips {
  hover(anchor: HTMLElement, text: string): void;
  show(anchor: HTMLElement, text: string): void;
  hide(): void;
}

const TooltipsContext = createContext<Tooltips | null>(null);

/**
 * The tooltips of everything inside: one at a time, drawn by this provider next to the trigger
 * that asked for it (`useTooltip`). The triggers hold no state of their own, so a page of cards
 * with six icon buttons each mounts no more than the buttons: a tooltip library's root per button
 * (Radix's: its state, a positioning anchor set in an effect, a presence) cost the users list one
 * long render of 150 of them after the first
 * (docs/decisions/0065-signed-in-lists-without-long-tasks.md).
 *
 * A trigger shows its tooltip after a hover, at once when it takes the keyboard's focus (not a
 * click's), and hides it when the pointer leaves, on a press, on blur, on Escape and when the page
 * scrolls. The tooltip repeats what the trigger's accessible name already says (`aria-label`), so
 * it is for the eye; a trigger whose tooltip says more names it with `aria-describedby` itself.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [tooltips] = useState<Tooltips & { dispose(): void }>(() => {
    let openTimer: ReturnType<typeof setTimeout> | undefined;
    let isOpen = false;
    let skipUntil = 0;
    const show = (anchor: HTMLElement, text: string) => {
      clearTimeout(openTimer);
      isOpen = true;
      setShown({ anchor, text });
    };
    return {
      show,
      hover(anchor, text) {
        clearTimeout(openTimer);
        if (performance.now() < skipUntil) show(anchor, text);
        else openTimer = setTimeout(() => show(anchor, text), openDelayMs);
      },
      hide() {
        clearTimeout(openTimer);
        if (isOpen) skipUntil = performance.now() + skipDelayMs;
        isOpen = false;
        setShown(null);
      },
      dispose: () => clearTimeout(openTimer),
    };
  });
  useEffect(() => () => tooltips.dispose(), [tooltips]);

  return (
    <TooltipsContext value={tooltips}>
      {children}
      {shown && <Bubble {...shown} onDismiss={tooltips.hide} />}
    </TooltipsContext>
  );
}

/**
 * What a trigger spreads on itself to show `text` as its tooltip: `<Button {...tooltip(text)}>`.
 * Inside a TooltipProvider only.
 */
export function useTooltip() {
  const tooltips = use(TooltipsContext);
  if (!tooltips) throw new Error('useTooltip needs a TooltipProvider around it');
  return (text: string) => ({
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      // A finger has no hover: a tap is a press.
      if (event.pointerType !== 'touch') tooltips.hover(event.currentTarget, text);
    },
    onPointerLeave: () => tooltips.hide(),
    onPointerDown: () => tooltips.hide(),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      // The keyboard's focus, not the one a click leaves behind.
      if (event.currentTarget.matches(':focus-visible')) tooltips.show(event.currentTarget, text);
    },
    onBlur: () => tooltips.hide(),
  });
}

/**
 * The tooltip: above its trigger, centred on it and kept on screen, or below it when there is no
 * room above. Placed against the screen, so it hides when anything scrolls.
 */
function Bubble({ anchor, text, onDismiss }: Shown & { onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);

  // Placed before it is painted: its own size decides where it goes.
  useLayoutEffect(() => {
    const bubble = ref.current;
    if (!bubble) return;
    const box = anchor.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    const { width, height } = bubble.getBoundingClientRect();
    const above = box.top - offset - height;
    bubble.style.top = `${above >= edgeGap ? above : box.bottom + offset}px`;
    const centred = box.left + box.width / 2 - width / 2;
    bubble.style.left = `${Math.min(Math.max(centred, edgeGap), viewport - width - edgeGap)}px`;
  }, [anchor, text]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    const listening = { capture: true, passive: true } as const;
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', onDismiss, listening);
    window.addEventListener('resize', onDismiss);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', onDismiss, listening);
      window.removeEventListener('resize', onDismiss);
    };
  }, [onDismiss]);

  return (
    <div
      ref={ref}
      role="tooltip"
      className="pointer-events-none fixed top-0 left-0 z-50 max-w-xs animate-fade-in rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-foreground shadow-md shadow-black/40"
    >
      {text}
    </div>
  );
}

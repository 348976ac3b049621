import { useCallback, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

let observer: IntersectionObserver | undefined;

/** One observer for every revealed element; each is shown once, then forgotten. */
function revealObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || !(entry.target instanceof HTMLElement)) continue;
        entry.target.dataset.reveal = 'shown';
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -8% 0px' },
  );
  return observer;
}

const arriving = new Map<HTMLElement, number>();

/**
 * Hides the elements just mounted that are below the fold, all at once after React has placed
 * them: reading each one's position right after hiding the previous one would make the browser
 * lay out the page again for every element (dozens of layouts on the home page, in the middle of
 * hydration on a phone).
 */
function hideBelowTheFold() {
  const elements = [...arriving];
  arriving.clear();
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  // All reads first, then all writes: one layout.
  const below = elements.filter(
    ([element]) => element.isConnected && element.getBoundingClientRect().top >= window.innerHeight,
  );
  for (const [element, delay] of below) {
    element.style.transitionDelay = `${delay}ms`;
    element.dataset.reveal = 'hidden';
    revealObserver().observe(element);
  }
}

/**
 * Fades its content up the first time it scrolls into view, `delay` ms after the start, so a row
 * of cards arrives one after another. The server's HTML hides nothing: only the browser hides
 * what is still below the fold, so text never waits for JavaScript, what is already on screen
 * stays put, and people who ask for reduced motion get no animation at all.
 */
export function Reveal({
  children,
  delay = 0,
  className,
}: {
  children: ReactNode;
  delay?: number;
  className?: string;
}) {
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || element.dataset.reveal) return;
      // Still before the next paint, so nothing below the fold is seen and then hidden.
      if (arriving.size === 0) queueMicrotask(hideBelowTheFold);
      arriving.set(element, delay);
      return () => {
        arriving.delete(element);
        revealObserver().unobserve(element);
      };
    },
    [delay],
  );
  return (
    <div
      ref={ref}
      className={cn(
        // Hidden at once, shown gradually: a fading-out element would be half-visible text.
        'data-[reveal=hidden]:translate-y-6 data-[reveal=hidden]:opacity-0 data-[reveal=shown]:transition-[opacity,translate] data-[reveal=shown]:duration-700 data-[reveal=shown]:ease-out',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The delay of the nth item of a row, so items arrive one after another. */
export const stagger = (index: number) => index * 110;

import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches (`'(pointer: fine)'`), following its changes. False where there
 * is no window, so a page rendered on the server offers the least and the browser adds the rest.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * Whether the page runs in the browser: false while the server renders it and while the browser
 * hydrates what the server rendered, true from then on (decision 0032).
 */
export function useIsRunning(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

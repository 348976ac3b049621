import {
  useMutation,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/** What to do once an action's request has ended. */
export interface Outcome<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
  onSettled?: () => void;
}

/** Omit over each member of a union, so `isPending` still narrows `variables`. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A TanStack mutation whose `mutate` sends one request at a time (see `useAction`). */
export type Action<TData, TVariables> = OmitEach<
  UseMutationResult<TData, Error, TVariables>,
  'mutate' | 'mutateAsync'
> & {
  mutate: (variables: TVariables, outcome?: Outcome<TData>) => void;
};

export type ActionOptions<TData, TVariables> = UseMutationOptions<TData, Error, TVariables> & {
  /**
   * What a request acts on, for a hook that acts on several things at once (marking two
   * notifications read): only a call for the same thing is dropped. Unset, every call is one.
   */
  actsOn?: (variables: TVariables) => string;
};

/**
 * The one way a screen sends a change (docs/architecture.md, decision 0041): a TanStack mutation
 * whose `mutate` drops a call while the previous one is under way. The check is a ref, settled
 * the moment `mutate` is called, not at the next render: a double tap, or a form submitted twice
 * before React shows its button pending, sends one request, and its answer is the one the screen
 * acts on. Show the wait with the button's `isPending` and `pendingLabel`.
 *
 * The outcome's callbacks run even when the screen that asked has gone meanwhile (an answer often
 * removes the button that asked, as a review does), unlike TanStack's own `mutate` callbacks.
 */
export function useAction<TData, TVariables = void>({
  actsOn,
  ...options
}: ActionOptions<TData, TVariables>): Action<TData, TVariables> {
  const { mutate: _unguarded, mutateAsync, ...mutation } = useMutation(options);
  const running = useRef(new Set<string>());
  const mutate = useCallback(
    (variables: TVariables, outcome: Outcome<TData> = {}) => {
      const key = actsOn?.(variables) ?? '';
      if (running.current.has(key)) return;
      running.current.add(key);
      void mutateAsync(variables)
        .then(
          (data) => outcome.onSuccess?.(data),
          (error: Error) => outcome.onError?.(error),
        )
        .finally(() => {
          running.current.delete(key);
          outcome.onSettled?.();
        });
    },
    [mutateAsync, actsOn],
  );
  return { ...mutation, mutate };
}

import { useEffect, useRef, useState } from 'react';

/**
 * The step on screen, and moving to another: `onLeave` runs first (it takes the step's toasts
 * away), then the new step's heading takes the focus, so a screen reader announces it.
 */
export function useStepNavigation(firstStep: number, onLeave: () => void) {
  const [step, setStep] = useState(firstStep);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const shouldFocusHeading = useRef(false);

  useEffect(() => {
    if (!shouldFocusHeading.current) return;
    shouldFocusHeading.current = false;
    headings.current[step - 1]?.focus();
  }, [step]);

  function goTo(next: number) {
    onLeave();
    shouldFocusHeading.current = true;
    setStep(next);
  }

  /** The ref of step `index + 1`'s heading. */
  const headingRef = (index: number) => (element: HTMLHeadingElement | null) => {
    headings.current[index] = element;
  };

  return { step, goTo, headingRef };
}

import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast.ts';

const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }));

/**
 * Mounts the toasts (and downloads Radix) only once something has been said, so the public pages
 * stay light, yet a toast raised on the way to a public page (signing out lands on the home page)
 * is still seen there.
 */
export function ToasterOnDemand() {
  const { toasts } = useToast();
  const [isNeeded, setNeeded] = useState(false);
  // Adjusting state while rendering: once mounted, the region stays, so toasts can animate out.
  if (toasts.length > 0 && !isNeeded) setNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

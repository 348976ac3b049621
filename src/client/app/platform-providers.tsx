import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { useAllTexts } from './language-provider.tsx';

// One cache for the whole visit, made when the first application screen opens: leaving for a
// public page (signing out lands on the home page) and coming back keeps it, and sign-in clears
// what a previous person loaded (features/auth/api/login.ts).
const queryClient = createQueryClient();

/**
 * What only the application's screens use: the query cache. The router loads this with the first
 * such screen, so a public page never downloads TanStack Query. Toasts mount on demand
 * (root-layout.tsx); tooltips have their provider on the one screen that shows them.
 */
export function PlatformProviders({ children }: { children?: ReactNode }) {
  // Reached from a public page, which came with the public site's texts only.
  useAllTexts();
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}

// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../domain/locales/index.ts';
import type { User } from '../../../domain/users.ts';
import { LanguageProvider } from '../../app/language-provider.tsx';
import { currentUserQueryKey } from '../../lib/current-user.ts';
import { PagePending } from './page-pending.tsx';

const person = (isAdmin: boolean): User => ({
  id: 'u1',
  username: isAdmin ? 'boss' : 'carla',
  email: 'someone@example.com',
  firstName: null,
  lastName: null,
  isAdmin,
  preferredLanguage: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderFor(user: User) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider language="en" translations={catalogues.en}>
        <MemoryRouter>
          <PagePending titleKey="page.compensation" />
        </MemoryRouter>
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

// The way back from a signed-in placeholder is the person's own dashboard, not the public site.
describe('PagePending', () => {
  it("leads a creator back to their dashboard, not to the public site's home", () => {
    const html = renderFor(person(false));
    expect(html).toMatch(/<a [^>]*href="\/dashboard"[^>]*>Back to Dashboard<\/a>/);
    expect(html).not.toContain('href="/"');
  });

  it('leads an administrator back to the administration dashboard', () => {
    expect(renderFor(person(true))).toMatch(/<a [^>]*href="\/admin\/dashboard"/);
  });
});

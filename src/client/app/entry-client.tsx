// First: configures Zod before any module builds a schema.
import '../lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadInitialState } from './initial-state.ts';
import { Providers } from './providers.tsx';
import { AppRoutes, preloadPage } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');

const state = await loadInitialState();
// The first page's code is here before the first render, so hydration matches the server's HTML
// at once and the page is whole. If it fails to download, rendering tries again and shows the
// error page.
await preloadPage(window.location.pathname).catch(() => undefined);

const app = (
  <StrictMode>
    <Providers
      language={state.language}
      translations={state.translations}
      translationsComplete={state.translationsComplete}
      site={state.site}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// Public pages arrive rendered (src/server/pages/) and are hydrated; the application's
// screens arrive as a shell (a signed-in screen's frame and heading, decision 0060, or
// 'Loading…'), which the first render replaces with the same. Both as a
// transition: React yields to the browser every few milliseconds instead of holding a phone's
// main thread for the whole page.
if (container.hasAttribute('data-server-rendered')) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}

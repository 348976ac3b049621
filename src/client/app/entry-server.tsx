// The server's way into the client: built by `vite build --ssr` into dist/ssr and loaded at run
// time by src/server/pages/page-html.ts, which never imports client source.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { InitialState } from '../../domain/initial-state.ts';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

// Which modules a page is made of, for the server to name their files in the page it sends.
export { pageModules } from './router.tsx';

/**
 * The markup of the page at `url` (absolute), in the language and with the texts and settings of
 * `state`: the same state the browser reads back to hydrate it.
 */
export async function renderPage(url: string, state: InitialState): Promise<string> {
  const { pathname, search } = new URL(url);
  // prerender waits for every suspended part (each page's code), so the HTML is complete.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers
        language={state.language}
        translations={state.translations}
        translationsComplete={state.translationsComplete}
        site={state.site}
      >
        <StaticRouter location={`${pathname}${search}`}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

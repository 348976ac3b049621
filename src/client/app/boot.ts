// The page's only script tag. The server's HTML is complete (or, on an application screen, its
// frame saying 'Loading…'), so it is painted first and the app is fetched and started once that
// paint is on screen. On a phone this keeps the app's scripts and hydration from holding back the
// first paint, and a background tab starts at once rather than waiting for a paint it will not get.
// Imported here so the stylesheet is a <link> in the page's head, not injected by the app.
import '../styles.css';
import { screenScriptsAttribute } from '../../domain/initial-state.ts';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * An application screen's shell names every script the screen runs (the server reads them from
 * the build's manifest): asked for all at once, none waits for the one importing it to arrive.
 * Each request costs the main thread a few milliseconds on a phone (some thirty of them held it
 * for 200 ms on Lighthouse's), so they are asked for a few at a time, a task each.
 */
async function askForScreenScripts(scripts: string[]) {
  for (let index = 0; index < scripts.length; index += preloadsPerTask) {
    for (const href of scripts.slice(index, index + preloadsPerTask)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    await nextTask();
  }
}
const preloadsPerTask = 6;

// React DOM is most of the app's code. Compiled and run in a task of its own, before the rest, it
// does not hold a phone's main thread for the whole app at once (Lighthouse's Total Blocking Time).
const start = async () => {
  const scripts = document.getElementById('root')?.getAttribute(screenScriptsAttribute);
  if (scripts) void askForScreenScripts(scripts.split(' '));
  await import('react-dom/client');
  await nextTask();
  await import('./entry-client.tsx');
};

/**
 * Resolves once the browser reports the page's first content on screen ('first-contentful-paint'),
 * or the tab is hidden, which gets no paint. The frame's own callbacks come earlier than that
 * report: a request made from them was often out before the paint, and Lighthouse then counted the
 * app's scripts in its first paint (1.5 s instead of 1.1–1.2 s; docs/decisions/0079). A browser
 * without paint timing starts after the next frame, as before.
 */
function firstContentOnScreen(): Promise<void> {
  return new Promise((resolve) => {
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    if (document.visibilityState === 'hidden') resolve();
    else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'paint', buffered: true });
    } else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

void firstContentOnScreen().then(start);

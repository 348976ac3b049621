// The page's only script tag. The server's HTML is complete, so it is painted first and the app
// is fetched and started once that paint is on screen. On a phone this keeps hydration from
// holding back the first paint, and a background tab starts at once rather than waiting for a
// frame it will not get.
// Imported here so the stylesheet is a <link> in the page's head, not injected by the app.
import '../styles.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// React DOM is most of the app's code. Compiled and run in a task of its own, before the rest, it
// does not hold a phone's main thread for the whole app at once (Lighthouse's Total Blocking Time).
const start = async () => {
  await import('react-dom/client');
  await nextTask();
  await import('./entry-client.tsx');
};

if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(() => void start(), 0));

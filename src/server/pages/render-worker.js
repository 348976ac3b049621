// @ts-check
// Renders pages with the client's rendering entry (dist/ssr/entry-server.js), in a worker thread
// of its own started by page-renderer.ts. React's server rendering for Node runs each render in
// an AsyncLocalStorage, and on Node 20 the first one switches on async hooks for the whole
// thread for good: every promise after it costs more, which took a fifth off the API's requests
// per second when pages rendered in the server's own thread (decision 0066).
//
// Plain JavaScript, beside page-renderer.ts in the sources and beside main.js in the build (an
// entry of `build:server`): a worker thread loads its file with Node alone.
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {{ renderPage: (url: string, state: unknown) => Promise<string>,
 *   pageModules?: (pathname: string) => string[] }} Entry
 * @typedef {{ id: number, call: 'renderPage', url: string, state: unknown }
 *   | { id: number, call: 'pageModules', pathname: string }} Call
 */

if (!parentPort) throw new Error('render-worker.js runs as a worker thread');
const port = parentPort;

/** @type {Entry | undefined} */
let entry;
/** Why the entry could not be loaded: every call is then answered `unusable`. */
let unusable = '';
try {
  entry = /** @type {Entry} */ (await import(workerData.entryUrl));
} catch (error) {
  unusable = error instanceof Error ? (error.stack ?? error.message) : String(error);
}

port.on('message', async (/** @type {Call} */ message) => {
  if (!entry) return port.postMessage({ id: message.id, unusable });
  try {
    const result =
      message.call === 'renderPage'
        ? await entry.renderPage(message.url, message.state)
        : (entry.pageModules?.(message.pathname) ?? []);
    port.postMessage({ id: message.id, result });
  } catch (error) {
    port.postMessage({ id: message.id, error });
  }
});

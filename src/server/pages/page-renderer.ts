import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { InitialState } from '../../domain/initial-state.ts';

/**
 * The client's rendering entry (src/client/app/entry-server.tsx, built into dist/ssr), run in a
 * worker thread (`render-worker.js`, decision 0066): React's server rendering would otherwise
 * slow every request of the server's own thread on Node 20. The worker starts on the first call
 * and stops after a while without one (`idleMs`); one that crashed is started again on the next.
 */
export interface PageRenderer {
  /** The markup of the page at `url` (absolute) in `state`; undefined without a usable entry. */
  renderPage(url: string, state: InitialState): Promise<string | undefined>;
  /** The modules (manifest names) the page at `pathname` is made of; none without a usable entry. */
  pageModules(pathname: string): Promise<string[]>;
  /** Stops the worker (the server's `onClose`). */
  close(): Promise<void>;
}

type Answer =
  | { id: number; result: string | string[] }
  | { id: number; error: unknown }
  | { id: number; unusable: string };

/**
 * How long the worker stays without a call before it stops. Pages render in bursts (after the
 * start, when the texts change) and the render cache answers in between; a worker idle for good
 * would hold its own copy of React and the app's code, and its heap: about 100 MB resident after
 * the start-up's renders (`bench/startup.mjs`).
 */
const idleMs = 30_000;

/** The worker's file: beside this one in the sources, beside main.js in the build. */
const workerFile = new URL('./render-worker.js', import.meta.url);

/** A worker and the calls it has yet to answer, by id. */
interface RenderWorker {
  thread: Worker;
  pending: Map<number, { resolve: (answer: Answer) => void; reject: (error: unknown) => void }>;
}

export function startPageRenderer(entryPath: string, log: FastifyBaseLogger): PageRenderer {
  let onDuty: RenderWorker | undefined;
  let lastId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let unusableLogged = false;
  let closed = false;

  function startWorker(): RenderWorker {
    const thread = new Worker(workerFile, {
      workerData: { entryUrl: pathToFileURL(entryPath).href },
    });
    const started: RenderWorker = { thread, pending: new Map() };
    thread.on('message', (answer: Answer) => {
      started.pending.get(answer.id)?.resolve(answer);
      started.pending.delete(answer.id);
      if (started.pending.size > 0) return;
      // An idle worker does not keep the process up, and stops after a while.
      thread.unref();
      idleTimer = setTimeout(() => {
        if (onDuty === started) onDuty = undefined;
        void thread.terminate();
      }, idleMs).unref();
    });
    thread.on('error', (error) => log.error({ err: error }, 'The page renderer failed'));
    thread.on('exit', (code) => {
      if (onDuty === started) onDuty = undefined;
      for (const call of started.pending.values()) {
        call.reject(new Error(`The page renderer stopped (${code})`));
      }
    });
    return started;
  }

  async function call(message: Record<string, unknown>): Promise<string | string[] | undefined> {
    if (closed) throw new Error('The page renderer is closed');
    clearTimeout(idleTimer);
    onDuty ??= startWorker();
    const { thread, pending } = onDuty;
    const id = ++lastId;
    const answer = await new Promise<Answer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ ...message, id });
    });
    if ('error' in answer) throw answer.error;
    if ('unusable' in answer) {
      // The browser can still build every page itself from the shell, so the site stays up.
      if (!unusableLogged) {
        log.error(`No usable SSR build at ${entryPath}; pages go unrendered\n${answer.unusable}`);
        unusableLogged = true;
      }
      return undefined;
    }
    return answer.result;
  }

  return {
    renderPage: async (url, state) =>
      (await call({ call: 'renderPage', url, state })) as string | undefined,
    pageModules: async (pathname) =>
      ((await call({ call: 'pageModules', pathname })) as string[] | undefined) ?? [],
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      await onDuty?.thread.terminate();
    },
  };
}

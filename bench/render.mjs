// Serving a rendered page versus a static file: requests per second for / (rendered once, then from
// the cache) beside the very same bytes saved as a file and served by the same server's static
// handler. Target: a ratio of 0.8 or more. Load comes from Node's http client with keep-alive, on
// 127.0.0.1 only, bounded in time and count. Uses dist/: run it under the build lock when others
// may be building.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './server.mjs';

const concurrency = 16;
const warmupSeconds = 1;
const measureSeconds = 5;
const maxRequests = 500_000;
const staticName = 'bench-rendered-home.html';
const staticPath = path.resolve('dist/client', staticName);

/** Requests per second against one URL: `concurrency` requests always in flight. */
async function requestsPerSecond(url, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const deadline = performance.now() + seconds * 1000;
  let completed = 0;
  let failed = 0;
  const worker = () =>
    new Promise((resolve) => {
      const next = () => {
        if (performance.now() >= deadline || completed + failed >= maxRequests) return resolve();
        http
          .get(url, { agent }, (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode === 200) completed++;
              else failed++;
              next();
            });
          })
          .on('error', () => {
            failed++;
            next();
          });
      };
      next();
    });
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  if (failed) throw new Error(`${failed} requests to ${url} failed`);
  return completed / elapsed;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-render-'));
try {
  // The rendered bytes of / (no Accept-Encoding: both sides send the same uncompressed bytes).
  const first = await startBuiltServer({ dataDir });
  const rendered = Buffer.from(
    await (
      await fetch(`${first.baseUrl}/`, { headers: { 'accept-encoding': 'identity' } })
    ).arrayBuffer(),
  );
  await first.stop();
  fs.writeFileSync(staticPath, rendered);

  // The static handler lists its files at start-up, so the copy exists before this start.
  const server = await startBuiltServer({ dataDir });
  try {
    const pageUrl = `${server.baseUrl}/`;
    const fileUrl = `${server.baseUrl}/${staticName}`;
    const copy = Buffer.from(await (await fetch(fileUrl)).arrayBuffer());
    if (!copy.equals(rendered)) throw new Error('The static copy differs from the rendered page');

    const results = { page: [], file: [] };
    for (let round = 0; round < 2; round++) {
      for (const [name, url] of [
        ['page', pageUrl],
        ['file', fileUrl],
      ]) {
        await requestsPerSecond(url, warmupSeconds);
        results[name].push(await requestsPerSecond(url, measureSeconds));
      }
    }
    const best = (values) => Math.max(...values);
    const page = best(results.page);
    const file = best(results.file);
    console.log(
      `Serving / (${(rendered.length / 1024).toFixed(1)} KB, ${concurrency} connections, best of 2 × ${measureSeconds} s)`,
    );
    console.log(`  rendered page from the cache:  ${page.toFixed(0).padStart(6)} requests/s`);
    console.log(`  same bytes as a static file:   ${file.toFixed(0).padStart(6)} requests/s`);
    console.log(
      `  ratio:                         ${(page / file).toFixed(2)} (target 0.80 or more)`,
    );
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(staticPath, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// What a phone downloads for each signed-in screen, on the demo agency (`npm run seed:demo`):
// the JavaScript files the browser requests while opening the screen in a fresh tab (until the
// network is idle), their size gzipped at level 9 from the build, how many there are, and the
// longest chain of requests among them: a file fetched because another one asked for it is one
// step deeper than the file that asked (from Chromium's request initiators, as DevTools shows
// them). The page itself is step 0, so a file named by the page is 1.
// Budgets: JavaScript at most 170 KB on each screen (130 KB on a creator's task), chains at most
// 3 deep.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './server.mjs';

const budgets = { js: 170, depth: 3 };
const jsBudget = { '/tasks/:id': 130 };
const creator = { username: 'demo_maria', password: 'demo-creator-pass' };
const admin = { username: 'demo_admin', password: 'demo-admin-pass' };
const screens = [
  { path: '/dashboard', who: creator },
  { path: '/tasks', who: creator },
  { path: '/tasks/:id', who: creator },
  { path: '/compensation', who: creator },
  { path: '/settings', who: creator },
  { path: '/admin/dashboard', who: admin },
  { path: '/admin/task-requests', who: admin },
  { path: '/admin/task-requests/:id', who: admin },
  { path: '/admin/applications', who: admin },
  { path: '/admin/users', who: admin },
  { path: '/admin/influencers', who: admin },
];

const clientDir = path.resolve('dist/client');
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipped = (file) =>
  zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;

// The demo agency in a database of its own, seeded as `npm run seed:demo` does.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-signed-in-'));
execFileSync(
  process.execPath,
  [path.resolve('node_modules/tsx/dist/cli.mjs'), 'src/server/db/seed-demo-cli.ts'],
  { env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore' },
);
const server = await startBuiltServer({ dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** A browser context signed in as `who` (the session cookie set by the API's own answer). */
async function signedIn(who) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const response = await context.request.post(`${server.baseUrl}/api/auth/login`, {
    data: who,
    headers: { origin: server.baseUrl },
  });
  if (!response.ok()) throw new Error(`Signing in as ${who.username}: ${response.status()}`);
  return context;
}

/** The first task of the list the address names, to open its screen. */
async function firstTaskId(who, listPath) {
  const context = await signedIn(who);
  const list = await (await context.request.get(server.baseUrl + listPath)).json();
  await context.close();
  const id = (list.items ?? list.tasks ?? list.data ?? list)[0]?.id;
  if (!id) throw new Error(`No task in ${listPath} of the demo agency`);
  return id;
}

/**
 * Opens `url` in a fresh tab and lists every script it fetched, each with the depth of its chain
 * of initiators.
 */
async function scriptsOf(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = [];
  cdp.on('Network.requestWillBeSent', ({ request, initiator, type }) => {
    requests.push({ url: request.url.split('#')[0], initiator, type });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();

  const depthOf = new Map();
  const parentOf = (initiator) => {
    if (initiator.url) return initiator.url;
    for (let stack = initiator.stack; stack; stack = stack.parent) {
      const frame = stack.callFrames.find((call) => call.url);
      if (frame) return frame.url;
    }
    return undefined;
  };
  for (const { url: requested, initiator } of requests) {
    if (depthOf.has(requested)) continue;
    const parent = parentOf(initiator);
    depthOf.set(requested, parent && depthOf.has(parent) ? depthOf.get(parent) + 1 : 0);
  }
  return [...depthOf]
    .map(([requested, depth]) => ({ file: new URL(requested).pathname.slice(1), depth }))
    .filter(({ file }) => file.endsWith('.js'));
}

try {
  const ids = {
    '/tasks/:id': await firstTaskId(creator, '/api/tasks'),
    '/admin/task-requests/:id': await firstTaskId(admin, '/api/admin/tasks'),
  };
  console.log(
    `Signed-in screens at 360 px (demo agency): JavaScript downloaded (gzip -9 of the built files),\n` +
      `files, and the longest chain of requests (the page is step 0)`,
  );
  const contexts = new Map();
  for (const { path: screen, who } of screens) {
    if (!contexts.has(who)) contexts.set(who, await signedIn(who));
    const address = screen.replace(':id', ids[screen] ?? '');
    const scripts = await scriptsOf(contexts.get(who), server.baseUrl + address);
    const js = scripts.reduce((sum, { file }) => sum + gzipped(file), 0);
    const depth = Math.max(0, ...scripts.map((script) => script.depth));
    const jsLimit = jsBudget[screen] ?? budgets.js;
    const verdict = (within) => (within ? 'within' : 'OVER');
    console.log(
      `  ${screen.padEnd(26)} JS ${kb(js).padStart(6)} KB (${verdict(js / 1024 <= jsLimit)} ${jsLimit} KB)` +
        `  ${String(scripts.length).padStart(3)} files` +
        `  chain ${String(depth).padStart(2)} (${verdict(depth <= budgets.depth)} ${budgets.depth})`,
    );
    if (process.env.BENCH_VERBOSE) {
      for (const { file, depth: step } of scripts.sort((a, b) => a.depth - b.depth)) {
        console.log(
          `      ${String(step).padStart(2)}  ${kb(gzipped(file)).padStart(6)} KB  ${file}`,
        );
      }
    }
  }
  for (const context of contexts.values()) await context.close();
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

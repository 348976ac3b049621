// `npm run lighthouse`: builds, starts the built server on a random port and prints Lighthouse's
// mobile scores (its default: an emulated mid-range phone on a throttled connection) for the public
// pages and, signed in on the demo agency (`npm run seed:demo`) with 1,000 more creators, for the
// signed-in screens. Targets: public pages 100 in every category (SEO but on /thank-you, kept out of
// search engines on purpose, as the signed-in screens are); signed-in screens performance 90
// and accessibility 100, first contentful paint at most 2 s, and no main-thread task over 200 ms.
// Uses dist/: run it under the build lock when others may be building.
//
// A single Lighthouse run swings with whatever else the machine is doing (its simulated phone
// scales the main-thread time it observes), so each page is measured LIGHTHOUSE_RUNS times
// (default 3) and judged by the median run, as Lighthouse's documentation advises; the spread
// of the performance score is printed beside it. `node bench/lighthouse.mjs /apply /tasks/:id`
// measures only the paths given.
//
// The first row is a blank page (no script, style or picture) measured the same way in the same
// run: Chromium's own work at a page's start lands in its figures too, and how much differs from
// one machine to the next (on one, a blank page's longest task was 140–307 ms and its score 98).
// A page's figures are read against that row, and Lighthouse's benchmark index is printed with it.
// The blank page is sent with the security headers our server sends: Cross-Origin-Opener-Policy
// alone makes Chromium start the page in a new renderer process instead of the tab's own: on one
// machine a blank page's longest task went from about 100 ms to 330 (docs/decisions/0077).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fillSqlite } from './creators.mjs';
import { signIn, startBuiltServer } from './server.mjs';

const run = promisify(execFile);
const publicPages = [
  '/',
  '/services',
  '/about',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/apply',
  '/thank-you',
];
// Signed-in screens, by whose session opens them; `:id` is the first task of that person's list.
const demoCreator = { username: 'demo_maria', password: 'demo-creator-pass', tasks: '/api/tasks' };
const demoAdministrator = {
  username: 'demo_admin',
  password: 'demo-admin-pass',
  tasks: '/api/admin/tasks',
};
const signedInScreens = {
  '/dashboard': demoCreator,
  '/tasks': demoCreator,
  '/tasks/:id': demoCreator,
  '/compensation': demoCreator,
  '/settings': demoCreator,
  '/admin/dashboard': demoAdministrator,
  '/admin/task-requests': demoAdministrator,
  '/admin/task-requests/:id': demoAdministrator,
  '/admin/applications': demoAdministrator,
  '/admin/users': demoAdministrator,
  '/admin/influencers': demoAdministrator,
};
const extraCreators = 1_000;
const asked = process.argv.slice(2);
const pages = asked.length > 0 ? asked : [...publicPages, ...Object.keys(signedInScreens)];
const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const publicTargets = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
// A signed-in screen is kept out of search engines on purpose (noindex): SEO is printed, not aimed.
const signedInTargets = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 0 };
// After applying: noindex and out of the sitemap (docs/product.md), so its SEO is printed only.
const unlistedPublicPages = new Set(['/thank-you']);
const firstPaintTargetMs = 2000;
const longTaskTargetMs = 200;
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const cli = path.resolve('node_modules/lighthouse/cli/index.js');

/** One Lighthouse run; a run that Lighthouse itself could not record is tried once more. */
async function lighthouse(url, report, cookie) {
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${report}`,
    `--only-categories=${categories.join(',')}`,
    `--chrome-flags=${chromeFlags}`,
    '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const options = {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    maxBuffer: 64 * 1024 * 1024,
  };
  try {
    await run(process.execPath, args, options);
  } catch (error) {
    console.log(
      `      (Lighthouse failed to record ${url}, trying again: ${error.message.trim()})`,
    );
    await run(process.execPath, args, options);
  }
  return JSON.parse(fs.readFileSync(report, 'utf8'));
}

const performanceOf = (result) => result.categories.performance.score;

/**
 * A page with no script, style or picture, served by a bare `node:http` server of this process
 * with `headers`: what Lighthouse measures of it is the machine's and Chromium's, none of it ours.
 */
async function startBlankPage(headers) {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Blank page</title><meta name="description" content="A page with nothing to load.">' +
    '<link rel="icon" href="data:,"></head><body><h1>Blank page</h1><p>Plain text.</p></body></html>';
  const blank = http.createServer((request, response) => {
    const found = new URL(request.url, 'http://localhost').pathname === '/';
    response.writeHead(found ? 200 : 404, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
    });
    response.end(found ? html : '');
  });
  await new Promise((resolve) => blank.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${blank.address().port}/`,
    stop: () => new Promise((resolve) => blank.close(resolve)),
  };
}

// What an answer's headers say of its own body or connection; the rest (the security headers)
// are what every page of ours is sent with.
const headersOfTheBody = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'link',
  'transfer-encoding',
  'vary',
  'x-request-id',
]);

/** The headers our server sends with its home page, but for those about the page itself. */
async function headersOfOurPages(baseUrl) {
  const answer = await fetch(baseUrl);
  await answer.arrayBuffer();
  return Object.fromEntries([...answer.headers].filter(([name]) => !headersOfTheBody.has(name)));
}

/** Lighthouse runs of one page, judged by the median run: a row of figures, and what cost points. */
async function measure(label, url, targets, name, cookie) {
  const results = [];
  for (let index = 1; index <= runsPerPage; index++) {
    results.push(await lighthouse(url, path.join(reports, `${name}-${index}.json`), cookie));
  }
  const byPerformance = [...results].sort((a, b) => performanceOf(a) - performanceOf(b));
  const median = byPerformance[Math.floor(byPerformance.length / 2)];
  if (new URL(median.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${label} ended at ${median.finalDisplayedUrl}: not signed in?`);
  }
  const scores = categories.map((category) => Math.round(median.categories[category].score * 100));
  const firstPaint = median.audits['first-contentful-paint'].numericValue;
  const longest = Math.max(
    0,
    ...(median.audits['long-tasks'].details?.items ?? []).map((task) => task.duration),
  );
  const spread = results.map((result) => Math.round(performanceOf(result) * 100)).join(' ');
  const flag = (isLow) => (isLow ? ' (low)' : '');
  console.log(
    `  ${label.padEnd(26)}${scores
      .map((score, index) => `${score}${flag(score < targets[categories[index]])}`.padStart(15))
      .join('')}` +
      `${`${(firstPaint / 1000).toFixed(1)} s${flag(firstPaint > firstPaintTargetMs)}`.padStart(14)}` +
      `${`${Math.round(longest)} ms${flag(longest > longTaskTargetMs)}`.padStart(14)}   ${spread}`,
  );
  // What cost points in the median run, so a low score says where to look.
  for (const category of categories) {
    if (targets[category] === 0) continue;
    const failing = median.categories[category].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => median.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1);
    for (const audit of failing) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      console.log(`      ${category}: ${audit.title}${value}`);
    }
  }
  return median;
}

/** The demo agency and 1,000 more creators with two years of pay, in a fresh data folder. */
async function seedDemoAgency() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-lighthouse-data-'));
  await run(path.resolve('node_modules/.bin/tsx'), ['src/server/db/seed-demo-cli.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'warn' },
  });
  fillSqlite(path.join(dataDir, 'app.db'), extraCreators, new Date());
  return dataDir;
}

/** The session cookie of each demo person, and each one's first task for the `:id` screens. */
async function signInDemoPeople(baseUrl) {
  for (const person of [demoCreator, demoAdministrator]) {
    person.cookie = await signIn(baseUrl, person.username, person.password);
    const response = await fetch(`${baseUrl}${person.tasks}`, {
      headers: { cookie: person.cookie },
    });
    const [first] = (await response.json()).items;
    if (!first) throw new Error(`${person.username} has no task to open`);
    person.firstTaskId = first.id;
  }
}

const needsSignIn = pages.some((pathname) => pathname in signedInScreens);
const dataDir = needsSignIn ? await seedDemoAgency() : undefined;
const server = await startBuiltServer({ dataDir });
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-lighthouse-'));
try {
  if (needsSignIn) await signInDemoPeople(server.baseUrl);
  console.log(
    `Lighthouse ${JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')).version}, mobile, median of ${runsPerPage} runs per page` +
      (needsSignIn
        ? `; signed-in screens on the demo agency with ${extraCreators} more creators`
        : ''),
  );
  console.log(
    `  ${'page'.padEnd(26)}${categories.map((name) => name.padStart(15)).join('')}   first paint  longest task   performance runs`,
  );
  // The server renders every page once, in the background after it starts; a page asked for
  // before then waits for its render. Measure the server as visitors meet it once it has been up
  // a few seconds: ask for each page first.
  for (const pathname of pages) {
    const person = signedInScreens[pathname];
    const url = server.baseUrl + pathname.replace(':id', person?.firstTaskId ?? ':id');
    await fetch(url, { headers: person ? { cookie: person.cookie } : {} }).then((answer) =>
      answer.arrayBuffer(),
    );
  }
  // And wait for its start-up rendering of the other pages: on this two-core kind of machine, a
  // page measured meanwhile shared the processor with it (one screen lost 14 points so).
  await server.settled();
  // The machine's floor first (see the top of this file).
  const blankPage = await startBlankPage(await headersOfOurPages(server.baseUrl));
  try {
    const blank = await measure('(a blank page)', blankPage.url, publicTargets, 'blank');
    console.log(
      `      the machine's floor, not ours; Lighthouse's benchmark index here: ${Math.round(blank.environment.benchmarkIndex)}`,
    );
  } finally {
    await blankPage.stop();
  }
  for (const pathname of pages) {
    const person = signedInScreens[pathname];
    const targets = person
      ? signedInTargets
      : { ...publicTargets, ...(unlistedPublicPages.has(pathname) && { seo: 0 }) };
    const url = server.baseUrl + pathname.replace(':id', person?.firstTaskId ?? ':id');
    const name = pathname === '/' ? 'home' : pathname.slice(1).replaceAll(/[/:]/g, '-');
    await measure(pathname, url, targets, name, person?.cookie);
  }
  console.log(`  Full reports: ${reports}`);
} finally {
  await server.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

// `npm run lighthouse`: builds, starts the built server on a random port and prints Lighthouse's
// mobile scores (its default: an emulated mid-range phone on a throttled connection) for the public
// pages. Targets: performance 95 or more, accessibility, best practices and SEO 100. Uses dist/:
// run it under the build lock when others may be building.
//
// A single Lighthouse run swings with whatever else the machine is doing (its simulated phone
// scales the main-thread time it observes), so each page is measured LIGHTHOUSE_RUNS times
// (default 3) and judged by the median run, as Lighthouse's documentation advises; the spread
// of the performance score is printed beside it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startBuiltServer } from './server.mjs';

const run = promisify(execFile);
// Every public page: the site's own, the three legal ones, the apply wizard and the thank-you
// page; or only the paths given (`node bench/lighthouse.mjs /apply`).
const allPages = [
  '/',
  '/services',
  '/about',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/apply',
  '/thank-you',
];
const pages = process.argv.length > 2 ? process.argv.slice(2) : allPages;
const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
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
async function lighthouse(url, report) {
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${report}`,
    `--only-categories=${categories.join(',')}`,
    `--chrome-flags=${chromeFlags}`,
    '--quiet',
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

const server = await startBuiltServer();
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-lighthouse-'));
try {
  console.log(
    `Lighthouse ${JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')).version}, mobile, median of ${runsPerPage} runs per page`,
  );
  console.log(
    `  ${'page'.padEnd(16)}${categories.map((name) => name.padStart(16)).join('')}   performance runs`,
  );
  for (const pathname of pages) {
    const name = pathname === '/' ? 'home' : pathname.slice(1);
    const results = [];
    for (let index = 1; index <= runsPerPage; index++) {
      results.push(
        await lighthouse(server.baseUrl + pathname, path.join(reports, `${name}-${index}.json`)),
      );
    }
    const byPerformance = [...results].sort((a, b) => performanceOf(a) - performanceOf(b));
    const median = byPerformance[Math.floor(byPerformance.length / 2)];
    const scores = categories.map((category) =>
      Math.round(median.categories[category].score * 100),
    );
    const spread = results.map((result) => Math.round(performanceOf(result) * 100)).join(' ');
    console.log(
      `  ${pathname.padEnd(16)}${scores
        .map((score, index) =>
          `${score}${score < targets[categories[index]] ? ' (low)' : ''}`.padStart(16),
        )
        .join('')}   ${spread}`,
    );
    // What cost points in the median run, so a low score says where to look.
    for (const category of categories) {
      const failing = median.categories[category].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => median.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1);
      for (const audit of failing) {
        const value = audit.displayValue ? ` (${audit.displayValue})` : '';
        console.log(`      ${category}: ${audit.title}${value}`);
      }
    }
  }
  console.log(`  Full reports: ${reports}`);
} finally {
  await server.stop();
}

// `npm run lighthouse`: builds, starts the built server on a random port and prints Lighthouse's
// mobile scores (its default: an emulated mid-range phone on a throttled connection) for the
// public pages. Targets (issue 3): performance 95 or more, accessibility, best practices and
// SEO 100. Uses dist/: run it under the build lock when others may be building.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startBuiltServer } from './server.mjs';

const run = promisify(execFile);
const pages = ['/', '/services', '/about', '/privacy-policy'];
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

const server = await startBuiltServer();
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-lighthouse-'));
try {
  console.log(
    `Lighthouse ${JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')).version}, mobile`,
  );
  console.log(`  ${'page'.padEnd(16)}${categories.map((name) => name.padStart(16)).join('')}`);
  for (const pathname of pages) {
    const report = path.join(reports, `${pathname === '/' ? 'home' : pathname.slice(1)}.json`);
    await run(
      process.execPath,
      [
        cli,
        server.baseUrl + pathname,
        '--output=json',
        `--output-path=${report}`,
        `--only-categories=${categories.join(',')}`,
        `--chrome-flags=${chromeFlags}`,
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const result = JSON.parse(fs.readFileSync(report, 'utf8'));
    const scores = categories.map((name) => Math.round(result.categories[name].score * 100));
    console.log(
      `  ${pathname.padEnd(16)}${scores
        .map((score, index) =>
          `${score}${score < targets[categories[index]] ? ' (low)' : ''}`.padStart(16),
        )
        .join('')}`,
    );
    // What cost points, so a low score says where to look.
    for (const name of categories) {
      const failing = result.categories[name].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => result.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1);
      for (const audit of failing) {
        const value = audit.displayValue ? ` (${audit.displayValue})` : '';
        console.log(`      ${name}: ${audit.title}${value}`);
      }
    }
  }
  console.log(`  Full reports: ${reports}`);
} finally {
  await server.stop();
}

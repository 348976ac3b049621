// What a phone downloads for the public pages: every JavaScript and CSS file the browser requests
// while opening each page (until the network is idle), measured gzipped at level 9 from the build.
// Budgets: JavaScript on every public page at most 100 KB, CSS at most 20 KB.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './server.mjs';

const pages = ['/', '/services', '/about', '/privacy-policy'];
const budgets = { js: 100, css: 20 };
const clientDir = path.resolve('dist/client');
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipped = (file) =>
  zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;

const server = await startBuiltServer();
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
try {
  console.log('Public pages: JavaScript and CSS downloaded (gzip -9 of the built files)');
  for (const pathname of pages) {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const files = new Set();
    page.on('request', (request) => {
      const { pathname: file } = new URL(request.url());
      if (/\.(js|css)$/.test(file)) files.add(file.slice(1));
    });
    await page.goto(server.baseUrl + pathname, { waitUntil: 'networkidle' });
    await context.close();

    const sized = [...files].map((file) => ({ file, size: gzipped(file) }));
    const total = (kind) =>
      sized
        .filter(({ file }) => file.endsWith(`.${kind}`))
        .reduce((sum, { size }) => sum + size, 0);
    const js = total('js');
    const css = total('css');
    const verdict = (value, budget) => (value / 1024 <= budget ? 'within' : 'OVER');
    console.log(
      `  ${pathname.padEnd(16)} JS ${kb(js).padStart(6)} KB (${verdict(js, budgets.js)} ${budgets.js} KB)` +
        `   CSS ${kb(css).padStart(5)} KB (${verdict(css, budgets.css)} ${budgets.css} KB)`,
    );
    if (pathname === '/') {
      for (const { file, size } of sized.sort((a, b) => b.size - a.size)) {
        console.log(`      ${kb(size).padStart(6)} KB  ${file}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

// CPU profile of a signed-in screen in Chromium at 4x CPU throttling, with task boundaries.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { fillSqlite } from '/work/main/bench/creators.mjs';
import { signIn, startBuiltServer } from '/work/main/bench/server.mjs';
const run = promisify(execFile);
const screen = process.argv[2] ?? '/admin/users';
let dataDir = process.env.KEEP_DATA;
if (!dataDir) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-prof-'));
  await run(path.resolve('node_modules/.bin/tsx'), ['src/server/db/seed-demo-cli.ts'], { env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'warn' } });
  fillSqlite(path.join(dataDir, 'app.db'), 1000, new Date());
  console.log('data', dataDir);
}
const server = await startBuiltServer({ dataDir });
await server.settled();
const cookie = await signIn(server.baseUrl, 'demo_admin', 'demo-admin-pass');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const [name, value] = cookie.split(';')[0].split('=');
await context.addCookies([{ name, value, url: server.baseUrl }]);
for (let i = 0; i < (Number(process.env.RUNS) || 1); i++) {
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
await cdp.send('Profiler.start');
await page.goto(server.baseUrl + screen);
await page.getByRole('list').first().waitFor();
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
const trace = await browser.stopTracing();
fs.writeFileSync(`/tmp/tmpq/page-${i}.cpuprofile`, JSON.stringify(profile));
fs.writeFileSync(`/tmp/tmpq/page-${i}.trace.json`, trace);
await page.close();
}
await browser.close();
await server.stop();

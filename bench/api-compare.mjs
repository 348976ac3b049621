// The signed-in API beside the stack the spec was written from (Express, express-session over
// PostgreSQL, drizzle): requests per second and p99 of GET /api/auth/user, /api/notifications,
// /api/admin/users?page=1 and /api/admin/applications-v2?page=1, ours over theirs, on the same
// machine, PostgreSQL server and data (the aim: every ratio at least 3; decision 0048).
//
// The reference stack is not part of this repository: PERF_REFERENCE_DIR names its folder;
// without it this prints how to use it and stops, successfully. With it, its compare.mjs runs from this
// project's root (it starts our built server, dist/server/main.js, so build first), once with
// ours on PostgreSQL and once with ours on SQLite, and its figures are printed as it prints them.
// Arguments are handed to compare.mjs (`--smoke` for one short round, `--pg URL` for another
// PostgreSQL server); given `--ours`, only that run is made.
//
// compare.mjs first checks that both servers answer the same, allowing ours only the fields it
// names in `extensionsOfOurs`. Since two-step sign-in (decision 0052) and the ID type of
// applications (0042), ours also answer `twoFactor`, `twoFactorEnabled` and `idType`: a
// reference that does not name them stops at that check, and those names must be added to it.
//
// Both servers run on the Node.js that runs this, and its version is printed with the figures:
// take them on Node 24, the recommended runtime. On Node 20 our server spends 15–19 % more CPU
// per request (decision 0076).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`api-compare: ${line}`);
const howTo =
  "name the reference stack's folder (compare.mjs, seed-data.mjs, seed-stack/) in " +
  'PERF_REFERENCE_DIR, install its packages once with ' +
  '`npm install --prefix <that folder>/seed-stack`, build (`npm run build`) and run ' +
  '`node bench/api-compare.mjs`.';
if (!process.env.PERF_REFERENCE_DIR) {
  say(`the reference stack is not named: skipped. To run it, ${howTo}`);
  process.exit(0);
}
const referenceDir = path.resolve(process.env.PERF_REFERENCE_DIR);
const compare = path.join(referenceDir, 'compare.mjs');
if (!fs.existsSync(compare)) {
  say(`the reference stack is absent (no ${compare}): skipped. To run it, ${howTo}`);
  process.exit(0);
}
if (!fs.existsSync(path.join(referenceDir, 'seed-stack', 'node_modules'))) {
  say(
    `the reference stack's packages are not installed: run ` +
      `\`npm install --prefix ${path.join(referenceDir, 'seed-stack')}\` once, then this again.`,
  );
  process.exit(0);
}
if (!fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
  say('our server is not built: run `npm run build` first.');
  process.exit(1);
}

const given = process.argv.slice(2);
const runs = given.includes('--ours') ? [given] : [given, [...given, '--ours', 'sqlite']];
let failed = false;
for (const args of runs) {
  say(
    `on Node ${process.version}: node ${path.relative(root, compare)} ${args.join(' ')}`.trimEnd(),
  );
  const result = spawnSync(process.execPath, [compare, ...args], {
    cwd: root,
    env: { ...process.env, MAIN_DIR: root },
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    say(`the comparison failed (exit ${result.status ?? result.signal}); its reason is above.`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

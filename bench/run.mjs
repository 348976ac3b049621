// `npm run bench`: every benchmark in turn; each prints its own figures. They use the build in dist/
// (`npm run build` first). Lighthouse's scores of every public page and signed-in screen are among
// them, so one run prints every speed figure (`npm run lighthouse` builds and runs that one alone).
import { execFileSync } from 'node:child_process';

// Every benchmark runs on this Node.js; the recommended one, Node 24, is the one the figures are
// for (decision 0076).
console.log(`bench: on Node ${process.version}`);

for (const benchmark of [
  'bench/startup.mjs',
  'bench/bundle.mjs',
  'bench/signed-in-bundle.mjs',
  'bench/render.mjs',
  'bench/application-upload.mjs',
  'bench/serialize.mjs',
  'bench/task-upload.mjs',
  'bench/task-upload.mjs --s3 --postgres',
  'bench/tus-resume.mjs',
  'bench/task-lists.mjs',
  'bench/influencers.mjs',
  'bench/backup.mjs',
  'bench/notification-streams.mjs',
  'bench/behind-nginx.mjs',
  'bench/api-compare.mjs',
  'bench/lighthouse.mjs',
]) {
  execFileSync(process.execPath, benchmark.split(' '), { stdio: 'inherit' });
}

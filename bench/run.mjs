// `npm run bench`: every benchmark in turn; each prints its own figures.
import { execFileSync } from 'node:child_process';

for (const benchmark of [
  'bench/startup.mjs',
  'bench/bundle.mjs',
  'bench/signed-in-bundle.mjs',
  'bench/render.mjs',
  'bench/application-upload.mjs',
  'bench/serialize.mjs',
  'bench/task-upload.mjs',
  'bench/task-upload.mjs --s3',
  'bench/tus-resume.mjs',
  'bench/task-lists.mjs',
  'bench/influencers.mjs',
  'bench/backup.mjs',
  'bench/notification-streams.mjs',
  'bench/behind-nginx.mjs',
  'bench/api-compare.mjs',
]) {
  execFileSync(process.execPath, benchmark.split(' '), { stdio: 'inherit' });
}

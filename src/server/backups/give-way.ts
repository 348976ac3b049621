import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

// `npm run backup` runs beside the server on the same cores. At the lowest CPU priority it takes
// only the time the server leaves idle, so the app keeps its request rate while a backup runs
// (decision 0051). Linux sets a priority per thread, and libuv's pool (which reads and writes
// the files) is already running when this module loads, so every thread is lowered; threads
// started later (pg_dump, more of the pool) inherit it.
try {
  setPriority(19);
  for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), 19);
} catch {
  // No /proc (not Linux) or a container that forbids it: the backup still runs, less politely.
}

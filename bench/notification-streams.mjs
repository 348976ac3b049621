// The bell's live streams (GET /api/notifications/stream, decision 0054) on the built server
// (on SQLite, then on a fresh PostgreSQL database when its server answers, bench/postgres.mjs,
// where notifications travel through LISTEN/NOTIFY): 1,000 streams open at once (200 creators, 5 each, the most a person may hold), the
// server's memory per stream (its resident size before and after, divided), and the delay from a
// notification's creation (its createdAt, stamped inside the act's transaction) to its arrival on
// each of the person's 5 streams, median and p99, for 200 acts (an administrator publishing each
// creator's pay) sent 4 at a time. Needs `npm run build` (build:server is enough). Figures from a
// machine that may be shared: repeat a run before concluding.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { freshPostgresDatabase, postgresAnswers } from './postgres.mjs';
import { signIn, startBuiltServer } from './server.mjs';

const creators = 200;
const streamsPerCreator = 5;
const actsAtOnce = 4;
const creatorPassword = 'bench-creator-password-1';

/** The server's resident memory, in bytes (Linux). */
function residentBytes(pid) {
  const kib = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) * 1024;
}

/**
 * Sessions written straight into the database, as sign-in writes them (signing 200 people in
 * would meet the sign-in limits); answers their cookies.
 */
async function sessionCookies({ dataDir, databaseUrl }, userIds) {
  const now = new Date();
  const rows = userIds.map((userId) => {
    const token = randomBytes(32).toString('base64url');
    return {
      cookie: `sid=${token}`,
      values: [
        createHash('sha256').update(token).digest('hex'),
        userId,
        JSON.stringify({ remember: true, createdAt: now.toISOString() }),
        new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString(),
      ],
    };
  });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const row of rows) {
      await client.query(
        'insert into sessions (sid, user_id, sess, expire) values ($1, $2, $3, $4)',
        row.values,
      );
    }
    await client.end();
  } else {
    const db = new Database(path.join(dataDir, 'app.db'));
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      'insert into sessions (sid, user_id, sess, expire) values (?, ?, ?, ?)',
    );
    for (const row of rows) insert.run(...row.values);
    db.close();
  }
  return rows.map((row) => row.cookie);
}

/** Opens one stream; `onNotification(notification, arrivedAt)` for each event it brings. */
function openStream(baseUrl, cookie, onNotification) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/notifications/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
      agent: false,
    });
    request.once('error', reject);
    request.once('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`A stream was refused: ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let pending = '';
      response.on('data', (chunk) => {
        const arrivedAt = Date.now();
        pending += chunk;
        let end;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data && /^event: notification$/m.test(block))
            onNotification(JSON.parse(data), arrivedAt);
        }
      });
      resolve(() => request.destroy());
    });
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Opens the streams and sends the acts on one database; prints what it measured. */
async function measure(databaseUrl) {
  const server = await startBuiltServer({
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
  });
  const closers = [];
  try {
    const admin = await signIn(server.baseUrl, 'admin', 'bench-password');
    const post = async (url, body) => {
      const response = await fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: {
          origin: server.baseUrl,
          cookie: admin,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
      return response.json();
    };

    const ids = [];
    for (let index = 0; index < creators; index++) {
      const created = await post('/api/admin/users', {
        username: `streamer${index}`,
        email: `streamer${index}@example.com`,
        password: creatorPassword,
        isAdmin: false,
      });
      ids.push(created.id);
    }
    const cookies = await sessionCookies({ dataDir: server.dataDir, databaseUrl }, ids);

    // Settled before measuring: one stream opened and closed warms the route.
    (await openStream(server.baseUrl, cookies[0], () => {}))();
    const before = residentBytes(server.pid);
    const delays = [];
    const arrivals = new Map();
    const opened = performance.now();
    for (let index = 0; index < creators; index++) {
      for (let copy = 0; copy < streamsPerCreator; copy++) {
        closers.push(
          await openStream(server.baseUrl, cookies[index], (notification, arrivedAt) => {
            delays.push(arrivedAt - Date.parse(notification.createdAt));
            arrivals.set(notification.id, (arrivals.get(notification.id) ?? 0) + 1);
          }),
        );
      }
    }
    const openMs = performance.now() - opened;
    const after = residentBytes(server.pid);

    // Each act notifies one creator, whose 5 streams should each hear of it.
    let next = 0;
    const acts = async () => {
      while (next < creators) {
        const userId = ids[next++];
        const entry = await post('/api/admin/compensations', {
          userId,
          month: 3,
          year: 2026,
          amount: '1300',
          notes: 'Retainer',
        });
        await post(`/api/admin/compensations/${entry.id}/publish`);
      }
    };
    await Promise.all(Array.from({ length: actsAtOnce }, acts));
    const expected = creators * streamsPerCreator;
    const deadline = Date.now() + 10_000;
    while (delays.length < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const sorted = [...delays].sort((a, b) => a - b);
    console.log(
      `\nNotification streams (built server, ${databaseUrl ? 'PostgreSQL, LISTEN/NOTIFY' : 'SQLite'})`,
    );
    console.log(
      `  ${closers.length} streams open in ${(openMs / 1000).toFixed(1)} s; server memory ` +
        `${(before / 1024 ** 2).toFixed(0)} MiB → ${(after / 1024 ** 2).toFixed(0)} MiB: ` +
        `${((after - before) / closers.length / 1024).toFixed(1)} KiB per stream`,
    );
    console.log(
      `  creation → arrival over ${delays.length} of ${expected} deliveries (${creators} acts, ` +
        `${actsAtOnce} at a time): median ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, ` +
        `most ${sorted.at(-1)} ms`,
    );
    if (delays.length < expected) console.log(`  MISSING: ${expected - delays.length} deliveries`);
  } finally {
    for (const close of closers) close();
    await server.stop();
  }
}

await measure(undefined);
if (await postgresAnswers()) {
  const database = await freshPostgresDatabase('agency_bench_streams');
  try {
    await measure(database.url);
  } finally {
    await database.drop();
  }
}

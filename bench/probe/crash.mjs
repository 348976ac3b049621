// Crash durability on SQLite: the server is started on one kept DATA_DIR, writes are fired at it
// (users created through the admin API), and it is killed with SIGKILL at a random moment during
// them, `rounds` times. Then the database file must pass PRAGMA integrity_check and hold every
// write that was acknowledged with a 2xx, and the server must start again on it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { startBuiltServer } from '../server.mjs';
import { nextAddress, send } from './http.mjs';

const writers = 4;

/** Signs in as the bench administrator; answers the Cookie header value. */
export async function signIn(port, username, password) {
  const response = await send(port, {
    method: 'POST',
    target: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ username, password }),
  });
  const cookie = /(?:^|\s)(sid=[^;]+)/.exec(response.headers['set-cookie'] ?? '')?.[1];
  if (response.status !== 200 || !cookie) {
    throw new Error(
      `Sign-in as ${username} answered ${response.status}: ${response.body.slice(0, 200)}`,
    );
  }
  return cookie;
}

/** Creates a user through the admin API; answers the response and, on 201, the new id. */
export async function createUser(port, cookie, username, password = 'probe-password-1') {
  const response = await send(port, {
    method: 'POST',
    target: '/api/admin/users',
    headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password,
      firstName: 'Probe',
      lastName: 'Writer',
      isAdmin: false,
    }),
  });
  let id;
  if (response.status === 201) id = JSON.parse(response.body).id;
  return { response, id };
}

export async function crashRestarts({ rounds, rand, deadline, env }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-probe-crash-'));
  const acknowledged = [];
  const result = {
    rounds: 0,
    acknowledged: 0,
    lost: [],
    integrity: 'not checked',
    restartFailures: [],
    writeErrors: 0,
  };
  try {
    for (let round = 1; round <= rounds; round += 1) {
      if (performance.now() > deadline) break;
      let server;
      try {
        server = await startBuiltServer({ dataDir, env });
      } catch (error) {
        result.restartFailures.push(`round ${round}: ${error.message}`);
        break;
      }
      const cookie = await signIn(server.port, 'admin', 'bench-password');
      let killed = false;
      let counter = 0;
      const writer = async (lane) => {
        while (!killed) {
          counter += 1;
          const username = `crash${round}w${lane}n${counter}`;
          const { response, id } = await createUser(server.port, cookie, username);
          // Only a complete 201 read before the kill is an acknowledgement.
          if (id) acknowledged.push({ id, username, round });
          else if (!killed && response.status !== 0) result.writeErrors += 1;
        }
      };
      const running = Array.from({ length: writers }, (_, lane) => writer(lane));
      await sleep(20 + rand.int(281));
      killed = true;
      await server.kill();
      await Promise.all(running);
      result.rounds = round;
    }

    // The file as the last kill left it (better-sqlite3 replays the WAL on open).
    // The file name is sqliteFilePath's in src/server/db/database.ts.
    result.acknowledged = acknowledged.length;
    const database = new Database(path.join(dataDir, 'app.db'));
    try {
      result.integrity = database.pragma('integrity_check', { simple: true });
      const find = database.prepare('select id from users where id = ?');
      result.lost = acknowledged.filter((write) => !find.get(write.id));
    } catch (error) {
      result.integrity = `not checked: ${error.message}`;
      result.lost = acknowledged;
    } finally {
      database.close();
    }

    // And the server starts on it again.
    try {
      const server = await startBuiltServer({ dataDir, env });
      await server.stop();
    } catch (error) {
      result.restartFailures.push(`after the last kill: ${error.message}`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

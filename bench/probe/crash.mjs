// Crash durability: the server is started on the target's DATA_DIR and database, writes are fired
// at it by `lanes`, and it is killed with SIGKILL at a random moment during them, `rounds` times.
// Each lane is { name, write({ port, cookie, round, lane }) } answering an acknowledgement (what
// a complete 2xx read before the kill promised), undefined for a refusal, or null for no answer.
// Then the database must pass its check and the server must start again on it; what each
// acknowledgement promised is the callers' to check.
import { setTimeout as sleep } from 'node:timers/promises';
import { startBuiltServer } from '../server.mjs';
import { createUser, signIn } from './api.mjs';

/** A lane creating users through the admin API; each 201 promises a users row. */
export const userLane = {
  name: 'users',
  async write({ port, cookie, round, lane, n }) {
    const username = `crash${round}w${lane}n${n}`;
    const { response, id } = await createUser(port, cookie, username);
    if (id) return { id, username, round };
    return response.status === 0 ? null : undefined;
  },
};

export async function crashRestarts({ target, lanes, rounds, rand, deadline, env }) {
  const acknowledged = Object.fromEntries(lanes.map((lane) => [lane.name, []]));
  const result = { rounds: 0, acknowledged, restartFailures: [], writeErrors: 0 };
  const serverEnv = { ...env, ...target.env };
  for (let round = 1; round <= rounds; round += 1) {
    if (performance.now() > deadline) break;
    let server;
    try {
      server = await startBuiltServer({ dataDir: target.dataDir, env: serverEnv });
    } catch (error) {
      result.restartFailures.push(`round ${round}: ${error.message}`);
      break;
    }
    const cookie = await signIn(server.port, 'admin', 'bench-password');
    let killed = false;
    const run = async (lane, index) => {
      for (let n = 1; !killed; n += 1) {
        const ack = await lane.write({ port: server.port, cookie, round, lane: index, n });
        // Only a complete answer read before the kill counts.
        if (ack) acknowledged[lane.name].push(ack);
        else if (ack === undefined && !killed) result.writeErrors += 1;
      }
    };
    const running = lanes.map((lane, index) => run(lane, index));
    await sleep(400 + rand.int(1600));
    killed = true;
    await server.kill();
    await Promise.all(running);
    result.rounds = round;
  }
  result.integrity = await target.integrity().catch((error) => `not checked: ${error.message}`);
  return result;
}

/** Users whose creation was acknowledged and whose row is not there. */
export async function lostUsers(target, acknowledged) {
  if (!acknowledged.length) return [];
  const ids = acknowledged.map((write) => write.id);
  const found = await target.rows(
    `select id from users where id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const present = new Set(found.map((row) => row.id));
  return acknowledged.filter((write) => !present.has(write.id));
}

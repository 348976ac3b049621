// Everything the probe checks on one database (a target of database.mjs), in order: hostile
// requests, the checks of text, limits, uploads and pay history on a running server, the sweep
// of stray files over restarts, then kill -9 during writes and publications. Answers the figures
// and the tallies of every answer, for report.mjs.
import { startBuiltServer } from '../server.mjs';
import { creatorWithTask, createUser, hostileCallers, signIn } from './api.mjs';
import { crashRestarts, lostUsers, userLane } from './crash.mjs';
import { correctionHistory } from './history.mjs';
import { createTally, judge, pool, send } from './http.mjs';
import { limitBursts } from './limits.mjs';
import { expireDeadClaims, mailFigures, payLanes, waitForDelivery } from './mail.mjs';
import { malformedCases } from './malformed.mjs';
import { multipartCases } from './multipart.mjs';
import { confusableNames, deepJson, oversizedJson, stringChecks } from './strings.mjs';
import { strayFileSweep } from './sweep.mjs';
import { uploadChecks } from './uploads.mjs';
import { tallyFigures } from './report.mjs';
import { encodedPathWalk } from './walk.mjs';

/** The encoded-path walk and the malformed requests (at least `minimum`), within their seconds. */
async function hostile({ port, listed, cookies, rand, budget }) {
  const walkTally = createTally();
  const callers = { anonymous: undefined, creator: cookies.creator };
  const deadline = (s) => performance.now() + s * 1000;
  const { routes, applicationFields } = listed;
  await encodedPathWalk({
    port,
    routes,
    callers,
    tally: walkTally,
    rand,
    deadline: deadline(budget.walk),
  });
  const malformedTally = createTally();
  const multipart = multipartCases({ applicationFields, rand, rounds: 25 });
  const { cases } = malformedCases({
    routes,
    rand,
    cookies,
    minimum: budget.minimum - multipart.length,
  });
  const { skipped } = await pool(
    [...cases, ...multipart],
    8,
    deadline(budget.malformed),
    async (request) => {
      judge(malformedTally, request, await send(port, request));
    },
  );
  const alive = (await send(port, { method: 'GET', target: '/api/health' })).status === 200;
  if (!alive) malformedTally.fail('server down', { method: '-', path: '-', status: 0 });
  return {
    tallies: [
      ['walk', walkTally],
      ['malformed', malformedTally],
    ],
    figures: [
      ['  of which the encoded-path walk', walkTally.sent, false],
      [
        `  of which malformed (${multipart.length} multipart; skipped at the time limit)`,
        `${malformedTally.sent} (${skipped})`,
        false,
      ],
    ],
  };
}

/** Text, JSON size and depth, look-alike names, bursts, uploads and pay history. */
async function checks({ port, listed, cookies, hostileCookies, rand, tag, creator }) {
  // The hostile callers: a NUL let through could rename whoever sends it.
  const strings = await stringChecks({
    port,
    routes: listed.routes,
    cookies: hostileCookies,
    rand,
  });
  const oversized = await oversizedJson({ port, cookies });
  const deep = await deepJson({ port });
  const names = await confusableNames({
    port,
    adminCookie: cookies.admin,
    creatorCookie: cookies.creator,
    tag,
  });
  const limits = await limitBursts({
    port,
    adminCookie: cookies.admin,
    limits: listed.limits,
    tag,
  });
  const uploads = await uploadChecks({ port, creator, dataDir: creator.dataDir });
  const history = await correctionHistory({ port, adminCookie: cookies.admin, tag });
  return {
    tallies: [
      ['strings', strings.tally],
      ['JSON over 1 MB', oversized.tally],
      ['deep JSON', deep.tally],
      ['look-alikes', names.tally],
      ['limits', limits.tally],
      ['uploads', uploads.tally],
      ['history', history.tally],
    ],
    figures: [
      ['NUL and over-long text (body, query, path): requests', strings.tally.sent, false],
      ['  answered other than 400 (queries that fall back aside)', strings.not400, true],
      [`JSON over 1 MB: not 413, of ${oversized.sent}`, oversized.not413, true],
      [
        `20 bodies nested 500,000 deep: not 400 / slowest ms / health ms meanwhile`,
        `${deep.not400} / ${deep.slowestMs} / ${deep.healthMs}`,
        false,
      ],
      ['  nested bodies not refused with 400', deep.not400, true],
      [`look-alike usernames accepted, of ${names.tried}`, names.accepted.length, true],
      ...limits.figures,
      ...uploads.figures,
      ...history.figures,
    ],
    extra: names.accepted.length ? [`look-alikes accepted: ${names.accepted.join('; ')}`] : [],
  };
}

/** kill -9 during user creations and pay publications to `payees`; then the rows and the mails. */
async function crashes({ target, env, rand, rounds, deadline, catcher, payees }) {
  const lanes = [userLane, userLane, ...payLanes(payees)];
  const crash = await crashRestarts({ target, lanes, rounds, rand, deadline, env });
  const lost = await lostUsers(target, crash.acknowledged.users);
  const expiredClaims = await expireDeadClaims(target);
  const tags = crash.acknowledged.publications.map((ack) => ack.tag);
  let unsent = 'not checked';
  try {
    const server = await startBuiltServer({
      dataDir: target.dataDir,
      env: { ...env, ...target.env },
    });
    unsent = await waitForDelivery(target, catcher, tags);
    await server.stop();
  } catch (error) {
    crash.restartFailures.push(`after the last kill: ${error.message}`);
  }
  const mails = mailFigures(catcher, crash.acknowledged.publications, { expiredClaims, unsent });
  return {
    figures: [
      [`kill -9 rounds (of ${rounds})`, crash.rounds, false],
      ['acknowledged user creations', crash.acknowledged.users.length, false],
      ['  lost', lost.length, true],
      ['integrity_check', crash.integrity, target.label === 'SQLite' ? 'ok' : false],
      ['failed restarts', crash.restartFailures.length, true],
      ...mails.figures,
    ],
    extra: [
      ...(lost.length ? [`lost users, first 5: ${JSON.stringify(lost.slice(0, 5))}`] : []),
      ...(mails.missing.length
        ? [`publications without mail, first 10: ${mails.missing.slice(0, 10).join(', ')}`]
        : []),
      ...(crash.restartFailures.length
        ? [`failed restarts: ${crash.restartFailures.join('; ')}`]
        : []),
      ...(crash.writeErrors
        ? [`writes refused during the crash rounds (not counted as lost): ${crash.writeErrors}`]
        : []),
    ],
  };
}

/** The whole run on one database; answers { figures, tallies, extra }. */
export async function probeDatabase({ target, listed, seed, rand, budget, catcher }) {
  const tag = `p${seed}${target.label === 'SQLite' ? 's' : 'p'}`;
  const env = { TRUST_PROXY: 'true', SMTP_URL: catcher.url };
  const seconds = {};
  const timed = async (phase, work) => {
    const began = performance.now();
    const result = await work();
    seconds[phase] = Math.round((performance.now() - began) / 1000);
    return result;
  };
  const server = await startBuiltServer({
    dataDir: target.dataDir,
    env: { ...env, ...target.env },
  });
  const { port } = server;
  const admin = await signIn(port, 'admin', 'bench-password');
  const creator = await creatorWithTask(port, admin, `${tag}-creator`);
  const cookies = { admin, creator: creator.cookie };
  const hostileCookies = await hostileCallers(port, admin, tag);
  const context = { port, listed, cookies, rand, tag };
  const attacks = await timed('hostile', () =>
    hostile({ ...context, cookies: hostileCookies, budget }),
  );
  const checked = await timed('checks', () =>
    checks({ ...context, hostileCookies, creator: { ...creator, dataDir: target.dataDir } }),
  );
  const payees = [];
  for (const n of [1, 2, 3, 4]) payees.push((await createUser(port, admin, `${tag}-payee${n}`)).id);
  await server.stop();
  const swept = await timed('sweep', () => strayFileSweep({ target, env, taskId: creator.taskId }));
  const deadline = performance.now() + budget.crash * 1000;
  const crashed = await timed('kill -9', () =>
    crashes({ target, env, rand, rounds: budget.crashRounds, deadline, catcher, payees }),
  );
  const tallies = [...attacks.tallies, ...checked.tallies];
  const [sent, ...failures] = tallyFigures(tallies);
  return {
    tallies,
    figures: [
      sent,
      ...attacks.figures,
      ...failures,
      ...checked.figures,
      ...swept,
      ...crashed.figures,
    ],
    extra: [
      ...checked.extra,
      ...crashed.extra,
      `seconds per phase: ${Object.entries(seconds)
        .map(([phase, n]) => `${phase} ${n}`)
        .join(', ')}`,
    ],
  };
}

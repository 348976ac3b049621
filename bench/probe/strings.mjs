// What the API takes as text (decision 0040) and as JSON: a NUL and a string over its maximum in
// every string field of every route's body and query and in every path parameter, each answered
// 400 and never 500; a JSON body over 1 MB answered 413 (not a reset), JSON nested deep refused
// at once; and usernames that look like an existing one (zero-width, Cyrillic, fullwidth) refused.
import { apiCall, createUser } from './api.mjs';
import { createTally, describe, judge, nextAddress, send } from './http.mjs';
import { sample } from './schema.mjs';
import { concretePath } from './walk.mjs';

const megabyte = 1024 * 1024;

const isText = (schema = {}) =>
  schema.type === 'string' || (schema.anyOf ?? []).some((one) => one.type === 'string');
const maxLengthOf = (schema = {}) =>
  schema.maxLength ?? (schema.anyOf ?? []).find((one) => one.maxLength)?.maxLength;

/** The bad values for one text field: a NUL inside a plausible value, and one past its maximum. */
function badTexts(schema, name) {
  const plain = String(sample(schema, name));
  const max = maxLengthOf(schema);
  return [
    { what: 'NUL', value: `${plain.slice(0, 3)}\u0000${plain.slice(3)}` },
    ...(max ? [{ what: `${max + 1} characters`, value: 'a'.repeat(max + 1) }] : []),
  ];
}

/** Every case: route, where the bad text goes, and the request. */
function stringCases(routes, cookies, rand) {
  const cases = [];
  for (const route of routes) {
    if (route.method === 'HEAD' || route.url.includes('*') || !route.url.startsWith('/api/'))
      continue;
    const cookie = /\/logout$/.test(route.url)
      ? undefined
      : { admin: cookies.admin, creator: cookies.creator, 'signed-in': cookies.admin }[
          route.access
        ];
    const path = concretePath(route.url, rand);
    const base = route.body ? sample(route.body) : undefined;
    const add = (where, what, request) =>
      cases.push({
        route,
        where,
        what,
        request: { method: route.method, target: path, cookie, body: base, ...request },
      });
    for (const [field, schema] of Object.entries(route.body?.properties ?? {})) {
      if (!isText(schema)) continue;
      for (const { what, value } of badTexts(schema, field))
        add(`body ${field}`, what, { body: { ...base, [field]: value } });
    }
    for (const [field, schema] of Object.entries(route.query?.properties ?? {})) {
      if (!isText(schema)) continue;
      for (const { what, value } of badTexts(schema, field))
        add(`query ${field}`, what, {
          target: `${path}?${field}=${encodeURIComponent(value)}`,
          query: true,
        });
    }
    // Parameters the contract describes (not a static file's name under /api/docs).
    for (const param of route.params ? (route.url.match(/:\w+/g) ?? []) : []) {
      for (const [what, value] of [
        ['NUL', 'ab%00cd'],
        ['101 characters', 'a'.repeat(101)],
      ]) {
        const target = route.url.replace(/:\w+/g, (name) =>
          name === param ? value : concretePath(name, rand),
        );
        add(`path ${param.slice(1)}`, what, { target });
      }
    }
  }
  return cases;
}

/** NUL and over-long text everywhere: 400 expected (a query's filter may fall back instead). */
export async function stringChecks({ port, routes, cookies, rand }) {
  const tally = createTally();
  let not400 = 0;
  for (const { route, where, what, request } of stringCases(routes, cookies, rand)) {
    const answer = await apiCall(port, request);
    // A query's filter may fall back to its default instead of refusing (?status=all%00).
    const refuse = request.query ? undefined : `${where}: ${what}`;
    judge(tally, { method: request.method, target: request.target, refuse }, answer);
    if (answer.status === 400) continue;
    const example = describe(
      { method: route.method, target: `${route.url} (${where}: ${what})` },
      answer,
      answer.body.slice(0, 120),
    );
    if (request.query && answer.status < 500) tally.note('query not refused', example);
    else {
      not400 += 1;
      tally.fail('not 400', example);
    }
  }
  return { tally, not400 };
}

/** JSON over 1 MB: 413 every time, the connection not reset under the client. */
export async function oversizedJson({ port, cookies, count = 20 }) {
  const tally = createTally();
  const body = JSON.stringify({ username: 'probe', password: 'x'.repeat(megabyte + 10) });
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const request = {
        method: 'POST',
        target: i % 2 ? '/api/auth/login' : '/api/admin/users',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': nextAddress(),
          cookie: cookies.admin,
        },
        body,
        refuse: 'over 1 MB',
      };
      return judge(tally, request, await send(port, request));
    }),
  );
  return { tally, sent: count, not413: answers.filter((a) => a.status !== 413).length };
}

/** Twenty 1 MB bodies nested 500,000 deep at once: each 400, and the server answers meanwhile. */
export async function deepJson({ port, count = 20 }) {
  const tally = createTally();
  const depth = 500_000;
  const body = '['.repeat(depth) + ']'.repeat(depth);
  let slowest = 0;
  // Asked once the bodies are on their way, while the server reads them.
  const health = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await send(port, { method: 'GET', target: '/api/health' });
    return performance.now() - started;
  })();
  const answers = await Promise.all(
    Array.from({ length: count }, async () => {
      const started = performance.now();
      const request = {
        method: 'POST',
        target: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body,
        refuse: 'nested 500,000 deep',
      };
      const answer = judge(tally, request, await send(port, request));
      slowest = Math.max(slowest, performance.now() - started);
      return answer;
    }),
  );
  return {
    tally,
    not400: answers.filter((a) => a.status !== 400).length,
    slowestMs: Math.round(slowest),
    healthMs: Math.round(await health),
  };
}

/** Look-alikes of an existing username, each of which must be refused (and never stored). */
export async function confusableNames({ port, adminCookie, creatorCookie, tag }) {
  const original = `${tag}-neo`;
  const created = await createUser(port, adminCookie, original);
  if (!created.id) throw new Error(`Creating ${original} answered ${created.response.status}`);
  const lookAlikes = [
    ['zero-width space', `${tag}-n\u200beo`],
    ['trailing zero-width joiner', `${original}\u200d`],
    ["Cyrillic 'е'", `${tag}-n\u0435o`],
    ["Cyrillic 'о'", `${tag}-ne\u043e`],
    [
      'fullwidth',
      [...original].map((c) => String.fromCodePoint(c.codePointAt(0) + 0xfee0)).join(''),
    ],
    ['capitals', original.toUpperCase()],
    ["zero for 'o'", `${tag}-ne0`],
  ];
  const tally = createTally();
  const accepted = [];
  for (const [index, [what, username]] of lookAlikes.entries()) {
    for (const [how, request] of [
      [
        'created',
        {
          method: 'POST',
          target: '/api/admin/users',
          cookie: adminCookie,
          body: {
            username,
            email: `${tag}-look-alike-${index}@example.com`,
            password: 'probe-password-1',
            isAdmin: false,
          },
        },
      ],
      [
        'renamed',
        { method: 'PUT', target: '/api/user/profile', cookie: creatorCookie, body: { username } },
      ],
    ]) {
      const answer = await apiCall(port, request);
      judge(tally, { ...request, refuse: `${what} look-alike ${how}` }, answer);
      if (answer.status < 400) accepted.push(`${what} (${how}): ${answer.status}`);
    }
  }
  return { tally, tried: lookAlikes.length * 2, accepted };
}

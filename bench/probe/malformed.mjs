// Malformed requests over every route, generated from a seed so a run can be repeated: wrong
// JSON types per field, huge and deep JSON, invalid JSON and UTF-8, NUL bytes, bad paths and
// queries, traversal on /objects, odd headers and methods, then seeded random mutations of all of
// these until the count is reached. `refuse` says why a 2xx would be wrong; without it, only a
// 5xx, a hang or a leak counts against the server.
import { nextAddress } from './http.mjs';
import { concretePath } from './walk.mjs';
import {
  badPathPieces,
  badQueries,
  forgedCookies,
  invalidJson,
  traversalPaths,
  unknownMethods,
  wrongContentTypes,
} from './corpus.mjs';
import { refusedValues, sample } from './schema.mjs';

const megabyte = 1024 * 1024;
const bodyMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];

const deepArray = (depth) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/**
 * Every case for the routes, then seeded mutations until `minimum` cases exist.
 * `cookies`: { admin, creator } session cookies; each route is called as someone it admits.
 */
export function malformedCases({ routes, rand, cookies, minimum }) {
  const cases = [];
  const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
  const concrete = routes
    .filter((route) => route.method !== 'HEAD' && route.url !== '/api/applications-v2')
    .map((route) => {
      const cookie = /\/logout$/.test(route.url)
        ? undefined
        : {
            admin: cookies.admin,
            creator: cookies.creator,
            'signed-in': rand.pick([cookies.admin, cookies.creator]),
          }[route.access];
      const base = route.body ? sample(route.body) : undefined;
      return { route, path: concretePath(route.url, rand), cookie, base };
    });

  const add = (item, request) => {
    const headers = {
      'x-forwarded-for': nextAddress(),
      ...(item.cookie ? { cookie: item.cookie } : {}),
      ...request.headers,
    };
    cases.push({ method: item.route.method, target: item.path, ...request, headers });
  };
  const json = () => ({ 'content-type': 'application/json' });
  const bodyCase = (item, body, refuse, headers = json()) => add(item, { body, headers, refuse });

  for (const item of concrete) {
    const { route, base } = item;
    const takesBody = bodyMethods.includes(route.method);
    if (route.body) {
      const schema = route.body;
      for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
        for (const value of refusedValues(fieldSchema)) {
          bodyCase(
            item,
            JSON.stringify({ ...base, [field]: value }),
            `${field} = ${JSON.stringify(value).slice(0, 40)}`,
          );
        }
        const deep = JSON.stringify({ ...base, [field]: 0 }).replace(
          `"${field}":0`,
          `"${field}":${deepArray(10_000)}`,
        );
        bodyCase(item, deep, `${field} nested 10,000 deep`);
        if (fieldSchema.type === 'string' || fieldSchema.anyOf) {
          bodyCase(
            item,
            JSON.stringify({ ...base, [field]: `probe\u0000${sample(fieldSchema, field)}` }),
          );
          bodyCase(
            item,
            Buffer.concat([
              Buffer.from(`{"${field}":"\xff\xfe\xc0\xaf`, 'latin1'),
              Buffer.from('"}'),
            ]),
          );
        }
        if (fieldSchema.maxLength) {
          bodyCase(
            item,
            JSON.stringify({ ...base, [field]: 'a'.repeat(megabyte - 300) }),
            `${field} of almost 1 MB`,
          );
        }
      }
      for (const field of schema.required ?? []) {
        const { [field]: _missing, ...rest } = base;
        bodyCase(item, JSON.stringify(rest), `without ${field}`);
      }
      for (const body of ['[]', '1', '"x"', 'null', 'true', '{}']) {
        if ((schema.required ?? []).length || body !== '{}') bodyCase(item, body, `body ${body}`);
      }
      for (const body of invalidJson)
        bodyCase(item, body, `invalid JSON ${JSON.stringify(body).slice(0, 30)}`);
      bodyCase(
        item,
        Buffer.from('{"\xff\xfe":"\xc0\xaf"}', 'latin1'),
        'bad UTF-8, required fields missing',
      );
      bodyCase(item, Buffer.from([0xfe, 0xff, 0, 0x7b, 0, 0x7d]), 'UTF-16 bytes');
      bodyCase(item, deepArray(10_000), 'array nested 10,000 deep');
      bodyCase(item, deepObject(10_000), 'object nested 10,000 deep');
      bodyCase(item, `[${'1,'.repeat(megabyte / 2 - 10)}1]`, 'array of almost 1 MB');
      bodyCase(
        item,
        JSON.stringify({ ...base, padding: 'a'.repeat(megabyte + 10) }),
        'just over 1 MB',
      );
      for (const type of wrongContentTypes)
        bodyCase(item, JSON.stringify(base), `content type ${type}`, { 'content-type': type });
      bodyCase(item, JSON.stringify(base), undefined, {});
      bodyCase(item, JSON.stringify(base), undefined, {
        'content-type': 'application/json; charset=utf-16',
      });
      bodyCase(item, JSON.stringify(base), 'body longer than Content-Length', {
        'content-type': 'application/json',
        'content-length': '3',
      });
      add(item, {
        body: JSON.stringify(base),
        headers: json(),
        mode: 'short',
        sendBytes: 5,
        refuse: 'body shorter than Content-Length',
      });
      add(item, { body: JSON.stringify(base), headers: json(), mode: 'cut', sendBytes: 7 });
    } else if (takesBody) {
      bodyCase(item, deepObject(10_000));
      bodyCase(item, 'a'.repeat(megabyte + 10), undefined, { 'content-type': 'text/plain' });
      bodyCase(item, '{', undefined);
    }

    // Paths: bad bytes and escapes in every segment, parameters that are not ids, traversal.
    const segments = item.path.split('/');
    for (const piece of badPathPieces) {
      const at = 1 + rand.int(segments.length - 1);
      const target =
        [...segments.slice(0, at + 1), piece].join('/') +
        (at + 1 < segments.length ? '/' + segments.slice(at + 1).join('/') : '');
      // A fragment may be cut off by the router, leaving the plain path: no refusal to expect.
      const refuse = piece === '#frag' ? undefined : 'path with ' + JSON.stringify(piece);
      add(item, {
        target,
        headers: takesBody ? json() : {},
        body: takesBody ? '{}' : undefined,
        refuse,
      });
    }
    if (route.url.includes(':')) {
      for (const param of [
        '..%2f..%2fetc%2fpasswd',
        '%00',
        '%ff',
        "'%20or%201=1--",
        'x'.repeat(10_000),
        '%2e%2e',
        '1e309',
        '-1',
        '[]',
        '%7B%7D',
      ]) {
        const target = route.url.replace(/:[^/]+/g, param);
        // A DELETE of an id that is not there answers 204 (decision 0041); only a parameter no
        // id can be (a control character, bytes that are not UTF-8, over 100 characters) must
        // be refused there.
        const noId = ['%00', '%ff'].includes(param) || param.length > 100;
        add(item, {
          target,
          headers: takesBody ? json() : {},
          body: takesBody ? JSON.stringify(base ?? {}) : undefined,
          refuse:
            route.method === 'DELETE' && !noId ? undefined : 'parameter ' + param.slice(0, 30),
        });
      }
    }
    for (const query of badQueries) {
      add(item, {
        target: `${item.path}?${query}`,
        headers: takesBody ? json() : {},
        body: takesBody ? '{}' : undefined,
      });
    }

    // Headers: a forged or garbled session, headers too large, request smuggling shapes.
    const guarded = route.access !== 'public';
    for (const cookie of forgedCookies) {
      add(item, { headers: { cookie }, refuse: guarded ? 'forged session cookie' : undefined });
    }
    add(item, { headers: { cookie: 'sid=' + 'a'.repeat(20_000) }, refuse: 'header over 16 KB' });
    add(item, {
      headers: Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [`x-probe-${i}`, 'v'.repeat(100)]),
      ),
    });
    add(item, {
      headers: { 'content-length': '5', 'transfer-encoding': 'chunked' },
      body: '0\r\n\r\n',
      refuse: 'Content-Length and Transfer-Encoding',
    });
    add(item, {
      headers: { 'transfer-encoding': 'chunked', 'content-type': 'application/json' },
      body: 'zz\r\n{}\r\n0\r\n\r\n',
    });
    add(item, { headers: { 'content-length': '-1' }, refuse: 'negative Content-Length' });
    add(item, { headers: { 'x-forwarded-for': '\xff, 999.1.1.1, ::ffff:%00' } });
    add(item, {
      headers: { origin: 'https://evil.example', ...(takesBody ? json() : {}) },
      body: takesBody ? JSON.stringify(base ?? {}) : undefined,
      refuse: takesBody ? 'foreign Origin' : undefined,
    });

    // Methods: unknown ones, and known ones this path does not have.
    for (const method of unknownMethods) add(item, { method, refuse: 'unknown method' });
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      if (
        !registered.has(`${method} ${route.url}`) &&
        !(method === 'GET' && registered.has(`HEAD ${route.url}`))
      ) {
        add(item, {
          method,
          headers: json(),
          body: '{}',
          refuse: `${method} is not a method of ${route.url}`,
        });
      }
    }
  }

  const objects = concrete.find((item) => item.route.url.startsWith('/objects/'));
  if (objects) {
    for (const target of traversalPaths) {
      for (const cookie of [cookies.admin, undefined]) {
        add({ ...objects, cookie }, { target, refuse: 'traversal' });
      }
    }
  }

  return fillWithMutations(cases, concrete, rand, minimum);
}

/** Seeded mutations of the cases above (bytes changed in bodies and paths, fields swapped) up to `minimum`. */
function fillWithMutations(cases, concrete, rand, minimum) {
  const fixed = cases.length;
  const withBody = concrete.filter((item) =>
    Object.values(item.route.body?.properties ?? {}).some((schema) => refusedValues(schema).length),
  );
  while (cases.length < minimum) {
    const kind = rand.int(4);
    if (kind === 0 && withBody.length) {
      // Two fields at once given values they must refuse.
      const item = rand.pick(withBody);
      const fields = Object.entries(item.route.body.properties ?? {}).filter(
        ([, schema]) => refusedValues(schema).length,
      );
      const body = { ...item.base };
      const reasons = [];
      for (let i = 0; i < 2; i += 1) {
        const [field, schema] = rand.pick(fields);
        const value = rand.pick(refusedValues(schema));
        body[field] = value;
        reasons.push(`${field} = ${JSON.stringify(value).slice(0, 30)}`);
      }
      cases.push({ ...retarget(item), body: JSON.stringify(body), refuse: reasons.join(', ') });
    } else {
      const original = cases[rand.int(fixed)];
      const mutated = {
        ...original,
        headers: { ...original.headers, 'x-forwarded-for': nextAddress() },
        refuse: undefined,
      };
      if (kind === 1 && original.body !== undefined && String(original.body).length < 100_000) {
        const bytes = Buffer.from(original.body);
        for (let i = 0; i < 1 + rand.int(3) && bytes.length; i += 1)
          bytes[rand.int(bytes.length)] = rand.int(256);
        mutated.body = bytes;
      } else {
        const target = Buffer.from(original.target, 'latin1');
        const at = 1 + rand.int(Math.max(target.length - 1, 1));
        const piece = Buffer.from(rand.pick(badPathPieces), 'latin1');
        mutated.target = Buffer.concat([
          target.subarray(0, at),
          piece,
          target.subarray(at),
        ]).toString('latin1');
      }
      cases.push(mutated);
    }
  }
  return { cases, fixed };
}

const retarget = (item) => ({
  method: item.route.method,
  target: item.path,
  headers: {
    'x-forwarded-for': nextAddress(),
    'content-type': 'application/json',
    ...(item.cookie ? { cookie: item.cookie } : {}),
  },
});

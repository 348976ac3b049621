// The encoded-path walk (decision 0016): every registered route, called with its path written in
// the ways a router decodes or normalises (percent-escapes, double encoding, mixed case, %2F,
// doubled slashes, dot segments, the absolute form of the request line), anonymously and as a
// creator, compared with the plain path's answer for the same caller. A guard that reads the
// request's text instead of the matched route lets one of them through.
import { describe, judge, nextAddress, send } from './http.mjs';

export const guardMessages = [
  'Please sign in to continue.',
  'Only administrators can do this.',
  'This is only for creators; administrators have their own screens.',
];

const hex = (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
const upperHex = (char) => hex(char).toUpperCase();

/** The path written in every way that should reach the same route (or no route at all). */
export function pathVariants(pathname, port) {
  const [first, ...rest] = pathname.slice(1).split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const last = first.length - 1;
  const variants = [
    `/${hex(first[0])}${first.slice(1)}${tail}`, // /%61pi/...
    `/${upperHex(first[0])}${first.slice(1)}${tail}`, // /%6F... upper-case hex
    `/${first.slice(0, last)}${hex(first[last])}${tail}`, // /ap%69/...
    `/%25${hex(first[0]).slice(1)}${first.slice(1)}${tail}`, // /%2561pi/...
    `/${hex(first[0].toUpperCase())}${first.slice(1)}${tail}`, // /%41pi/...
    `/${[...first].map(hex).join('')}${tail}`, // /%61%70%69/...
    `/${[...first].map(upperHex).join('')}${tail}`, // /%61%70%69/... upper-case hex digits
    `/${first.toUpperCase()}${tail}`, // /API/...
    `//${first}${tail}`,
    `/${first}/${tail}`, // /api//admin/...
    `/./${first}${tail}`,
    `${pathname}/.`,
    `${pathname}/`,
    `${pathname}?probe=1`,
    `${pathname}%3Fprobe=1`,
    `${pathname};probe`,
    `${pathname}%00`,
  ];
  if (rest.length) {
    variants.push(
      `/${first}%2F${rest.join('/')}`,
      `/${first}%2f${rest.join('%2f')}`,
      `/${first}/${hex(rest[0][0] ?? 'x')}${rest[0].slice(1)}${rest.length > 1 ? `/${rest.slice(1).join('/')}` : ''}`,
      `/${first}/x/..${tail}`,
      `/${first}/%2e${tail}`,
      `/${first}/%2e%2e/${first}${tail}`,
    );
  }
  variants.push(
    `http://x${pathname}`,
    `http://127.0.0.1:${port}${pathname}`,
    `http://x/${hex(first[0])}${first.slice(1)}${tail}`,
    `HTTP://X${pathname}`,
  );
  return [...new Set(variants)];
}

/** The route's pattern made into a path: every parameter a fixed random id, `*` a name no route has. */
export function concretePath(url, rand) {
  const id = () =>
    [8, 4, 4, 4, 12]
      .map((n) => Array.from({ length: n }, () => rand.int(16).toString(16)).join(''))
      .join('-');
  return url.replace(/:[^/]+/g, id).replace(/\*/g, 'probe-no-such-thing');
}

const hasBody = (method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/** The request a caller sends; the logout route is never called with a session (it would end it). */
function requestFor(method, target, cookie) {
  return {
    method,
    target,
    headers: {
      'x-forwarded-for': nextAddress(),
      ...(cookie ? { cookie } : {}),
      ...(hasBody(method) ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody(method) ? { body: '{}' } : {}),
  };
}

const messageOf = (response) => {
  try {
    return JSON.parse(response.body).message;
  } catch {
    return undefined;
  }
};

/**
 * Walks every route for each caller. A 2xx on a variant where the plain path was refused by the
 * guard is a wrong 2xx; an answer from past the guard that is neither a 2xx nor a 5xx (a
 * validation 400, a "not found" of the handler) is counted apart as "guard skipped". An HTML page is the router
 * serving a page for a path that matched no API route, not the route itself.
 */
export async function encodedPathWalk({ port, routes, callers, tally, rand, deadline }) {
  let walked = 0;
  // What each method gets for a path no route has: the router's answer, not a guard's.
  const notFound = new Set();
  for (const method of new Set(routes.map((route) => route.method))) {
    for (const target of [
      '/probe-no-such-page',
      '/api/probe-no-such-route',
      '/objects/probe-no-such-file',
    ]) {
      const response = await send(port, requestFor(method, target, undefined));
      notFound.add(`${response.status} ${messageOf(response)?.replace(/ \S*\/\S*/g, '')}`);
    }
  }
  const isNotFound = (response) =>
    notFound.has(`${response.status} ${messageOf(response)?.replace(/ \S*\/\S*/g, '')}`) ||
    response.status === 405;
  for (const route of routes) {
    const pathname = concretePath(route.url, rand);
    for (const [who, cookie] of Object.entries(callers)) {
      if (performance.now() > deadline) return { walked, stopped: true };
      if (cookie && /\/logout$/.test(route.url)) continue;
      const plainRequest = {
        ...requestFor(route.method, pathname, cookie),
        label: `${pathname} (as ${who})`,
      };
      const plain = judge(tally, plainRequest, await send(port, plainRequest));
      const refused = [401, 403].includes(plain.status) && guardMessages.includes(messageOf(plain));
      const variants = pathVariants(pathname, port);
      await Promise.all(
        [0, 1, 2, 3].map(async (lane) => {
          for (let i = lane; i < variants.length && performance.now() < deadline; i += 4) {
            const request = {
              ...requestFor(route.method, variants[i], cookie),
              label: `${variants[i]} (as ${who})`,
            };
            const response = judge(tally, request, await send(port, request));
            walked += 1;
            if (!refused) continue;
            const isPage = /text\/html/.test(response.headers['content-type'] ?? '');
            const isOk = response.status >= 200 && response.status < 300;
            const note = `plain ${pathname} answered ${plain.status}`;
            if (isOk && !isPage) tally.fail('wrong 2xx', describe(request, response, note));
            else if (
              !isOk &&
              !isPage &&
              response.status !== 0 &&
              response.status < 500 &&
              !guardMessages.includes(messageOf(response)) &&
              !isNotFound(response) &&
              response.status !== 400
            ) {
              tally.fail(
                'guard skipped',
                describe(request, response, `${note}; got ${messageOf(response) ?? ''}`),
              );
            } else if (response.status === 400 && /"issues"/.test(response.body)) {
              tally.fail('guard skipped', describe(request, response, `${note}; validation ran`));
            }
          }
        }),
      );
    }
  }
  return { walked, stopped: performance.now() > deadline };
}

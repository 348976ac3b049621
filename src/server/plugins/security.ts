import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { errorBody } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries, names as written and in order. */
    securityHeaders: readonly (readonly [string, string])[];
  }
}

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function helmetOptions(config: Config): FastifyHelmetOptions {
  const overHttps = config.appUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style attributes come from React and Radix positioning; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(overHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: overHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  };
}

/**
 * The headers helmet sets with these options, names as it writes them, in its order. They are
 * the same on every answer (no nonce: the CSP allows no inline script), so helmet is asked once,
 * in an instance of its own, rather than on every request: @fastify/helmet builds helmet's
 * middleware again for each request, parsing the CSP each time, which cost a cached page more
 * than the rest of its answer (docs/decisions/0050-a-cached-page-costs-what-a-file-costs.md).
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: [string, string][] = [];
  // Runs after helmet's own onRequest hooks: what the answer holds then is what helmet set.
  probe.addHook('onRequest', (_request, reply, done) => {
    // Every outgoing message has getRawHeaderNames (Node 15.13); @types/node declares it on
    // ClientRequest only.
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))]);
    done();
  });
  probe.get('/', (_request, reply) => reply.send());
  await probe.inject('/');
  await probe.close();
  if (!headers.length) throw new Error('helmet set no header');
  return headers;
}

/**
 * Strict headers on every response, and no state change on behalf of another site: a request
 * that says it comes from elsewhere (its Origin, or Sec-Fetch-Site: cross-site) is refused.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const headers = await helmetHeaders(helmetOptions(options.config));
    app.decorate('securityHeaders', headers);
    const own = new URL(options.config.appUrl);
    const isCrossSite = (headers: Record<string, string | string[] | undefined>): boolean => {
      if (headers['sec-fetch-site'] === 'cross-site') return true;
      const origin = headers.origin;
      if (origin === undefined) return false;
      if (typeof origin !== 'string' || !URL.canParse(origin)) return true; // includes "null"
      const { origin: normalized, protocol, host } = new URL(origin);
      if (normalized === own.origin) return false;
      // Reached under another name (an address, a port of its own), the site is the host the
      // request names, but always with our scheme: a plain-http page is not our https site.
      return protocol !== own.protocol || host !== headers.host;
    };
    // One hook, not async: it runs for every request, a cached page's included.
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      // A request for the server as a whole (`*`) is only OPTIONS's; any other names no page.
      if (request.raw.url === '*' && request.method !== 'OPTIONS') {
        reply.status(400).send(errorBody('request.unreadable'));
        return;
      }
      if (stateChangingMethods.has(request.method) && isCrossSite(request.headers)) {
        reply.status(403).send(errorBody('request.cross_site'));
        return;
      }
      done();
    });
  },
  { name: 'security' },
);

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { errorBody } from '../errors.ts';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Strict headers on every response, and no state change on behalf of another site: a request
 * that says it comes from elsewhere (its Origin, or Sec-Fetch-Site: cross-site) is refused.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    await app.register(helmet, {
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
          ...(options.config.appUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.config.appUrl.startsWith('https:')
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    });

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
    app.addHook('onRequest', async (request, reply) => {
      // A request for the server as a whole (`*`) is only OPTIONS's; any other names no page.
      if (request.raw.url === '*' && request.method !== 'OPTIONS') {
        return reply.status(400).send(errorBody('request.unreadable'));
      }
      if (stateChangingMethods.has(request.method) && isCrossSite(request.headers)) {
        return reply.status(403).send(errorBody('request.cross_site'));
      }
    });
  },
  { name: 'security' },
);

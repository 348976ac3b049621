import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../errors.ts';

/** How deep a JSON body may nest objects and arrays; no request of the API comes near it. */
export const maxJsonDepth = 32;

const openers = new Set([0x5b, 0x7b]); // [ {
const closers = new Set([0x5d, 0x7d]); // ] }
const quote = 0x22;
const backslash = 0x5c;

/**
 * Whether `text` nests objects and arrays deeper than `maxDepth`, read as JSON text without
 * parsing it: brackets inside strings (escaped quotes included) do not count. One pass over the
 * characters, stopping at the first level too deep.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index++;
      else if (code === quote) inString = false;
    } else if (code === quote) {
      inString = true;
    } else if (openers.has(code)) {
      if (++depth > maxDepth) return true;
    } else if (closers.has(code)) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies as Fastify reads them (its own parser, with its refusals of empty bodies and of
 * `__proto__` and `constructor` keys), but a body nested deeper than `maxJsonDepth` is refused
 * with 400 `request.too_deep` before it is parsed: building and checking a megabyte of nesting
 * half a million deep held the event loop for everyone.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      const body = raw as string; // parseAs: 'string'
      if (nestsDeeperThan(body, maxJsonDepth)) {
        done(new DomainError('invalid', 'request.too_deep', { params: { count: maxJsonDepth } }));
        return;
      }
      parseJson(request, body, done);
    });
  },
  { name: 'json-body' },
);

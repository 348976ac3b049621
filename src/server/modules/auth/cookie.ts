import type { FastifyReply } from 'fastify';
import { sessionCookieName } from './sessions.ts';

/**
 * The session cookie: HttpOnly, SameSite=Lax, Secure when the site is served over HTTPS. A
 * remembered session carries Max-Age; otherwise the cookie ends with the browser.
 */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  options: { secure: boolean; maxAgeMs?: number },
): void {
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    ...(options.maxAgeMs ? { maxAge: Math.floor(options.maxAgeMs / 1000) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, options: { secure: boolean }): void {
  reply.clearCookie(sessionCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  });
}

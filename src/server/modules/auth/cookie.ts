import type { FastifyReply } from 'fastify';
import { twoFactorChallengeValidityMs } from '../../../domain/auth.ts';
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

/** The browser's hold on a sign-in between its password step and its code step (decision 0052). */
export const challengeCookieName = 'sign_in_challenge';

/**
 * HttpOnly and SameSite=Strict: only this site's own code step sends it, and only to the auth
 * calls. It lasts as long as the challenge.
 */
export function setChallengeCookie(
  reply: FastifyReply,
  token: string,
  options: { secure: boolean },
): void {
  reply.setCookie(challengeCookieName, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    maxAge: Math.floor(twoFactorChallengeValidityMs / 1000),
  });
}

export function clearChallengeCookie(reply: FastifyReply, options: { secure: boolean }): void {
  reply.clearCookie(challengeCookieName, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
  });
}

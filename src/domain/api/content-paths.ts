/**
 * The addresses of the calls the public pages make, on their own: those pages ship without zod,
 * so they fetch by path and type the answer themselves, rather than import the endpoints (which
 * carry their schemas). `content.ts` and `auth.ts` build their endpoints on the same paths.
 */
export const contentPaths = {
  translations: '/api/translations',
  site: '/api/site',
  /** Who is signed in: the 404 page asks, to show a signed-in person their own frame. */
  session: '/api/auth/session',
} as const;

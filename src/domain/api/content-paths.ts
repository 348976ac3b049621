/**
 * The addresses of the calls the public pages make, on their own: those pages ship without zod,
 * so they fetch by path and type the answer themselves, rather than import the endpoints (which
 * carry their schemas). `content.ts` builds its endpoints on the same paths.
 */
export const contentPaths = {
  translations: '/api/translations',
  site: '/api/site',
} as const;

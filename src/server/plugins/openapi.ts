import fs from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import swaggerUiDist from 'swagger-ui-dist';
import type { Access } from '../../domain/api/endpoint.ts';
import type { Config } from '../config.ts';
import { isGuardedRoute } from './access.ts';

export const openApiPath = '/api/openapi.json';
const docsPath = '/api/docs';

const whoMayCall: Record<Access, string> = {
  public: 'Anyone.',
  'signed-in': 'Any signed-in person.',
  admin: 'Administrators only.',
  creator: 'Signed-in creators only (not administrators).',
};

/** The reference page's own files; swagger-ui's from its package, and our start-up script. */
const docsFiles: Record<string, { type: string; read: () => fs.ReadStream | string }> = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => fs.createReadStream(path.join(swaggerUiDist.getAbsoluteFSPath(), 'swagger-ui.css')),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () =>
      fs.createReadStream(path.join(swaggerUiDist.getAbsoluteFSPath(), 'swagger-ui-bundle.js')),
  },
  // A file rather than an inline script, so the page keeps the strict script policy.
  'start.js': {
    type: 'text/javascript; charset=utf-8',
    read: () =>
      `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(openApiPath)}, dom_id: '#reference', deepLinking: true });\n`,
  },
};

const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="${docsPath}/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="${docsPath}/swagger-ui-bundle.js"></script>
<script src="${docsPath}/start.js"></script>
</body>
</html>
`;

/**
 * The published contract: an OpenAPI document generated from the routes' own schemas at
 * /api/openapi.json (public, for other clients and their code generators; the same calls are
 * visible in the public JavaScript anyway), and a readable reference of it at /api/docs for
 * administrators (decision 0033). Pages and static files are not part of it.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${options.config.site.agencyName} API`,
          version: '1',
          description:
            'Every call of the agency platform. Errors answer `{ code, message, params?, issues? }`; signed-in calls carry the session cookie `sid` set by POST /api/auth/login.',
        },
        servers: [{ url: options.config.appUrl }],
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
        },
      },
      transform(input) {
        if (!isGuardedRoute(input.url)) return { schema: { hide: true }, url: input.url };
        const { schema, url } = jsonSchemaTransform(input);
        const access = (input.route.config as { access?: Access } | undefined)?.access;
        return {
          url,
          schema: {
            ...schema,
            ...(access
              ? {
                  description: `Who may call it: ${whoMayCall[access]}`,
                  security: access === 'public' ? [] : [{ session: [] }],
                }
              : {}),
          },
        };
      },
      transformObject: jsonSchemaTransformObject,
    });

    app.get(
      openApiPath,
      { config: { access: 'public' }, schema: { summary: 'This document', tags: ['api'] } },
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
    );

    app.get(
      docsPath,
      {
        config: { access: 'admin' },
        schema: { summary: 'The readable reference of this document', tags: ['api'] },
      },
      async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage),
    );

    app.get<{ Params: { file: string } }>(
      `${docsPath}/:file`,
      {
        config: { access: 'admin' },
        schema: { summary: "The reference page's scripts and styles", tags: ['api'] },
      },
      async (request, reply) => {
        const file = Object.hasOwn(docsFiles, request.params.file)
          ? docsFiles[request.params.file]
          : undefined;
        if (!file) return reply.callNotFound();
        return reply
          .type(file.type)
          .header('cache-control', 'private, max-age=3600')
          .send(file.read());
      },
    );
  },
  { name: 'openapi' },
);

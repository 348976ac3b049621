// Prints, as JSON on stdout, every guarded route of the real application (app.apiRoutes) with the
// JSON Schema of its body, query and params, so the probe walks whatever routes exist today; also
// the application form's fields and the limits the bursts are measured against.
// Run with tsx: `tsx bench/probe/list-routes.ts`. Builds the app on a throw-away DATA_DIR.
import { channel } from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { applicationFieldsSchema } from '../../src/domain/applications.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { submissionLimit } from '../../src/server/modules/applications/service.ts';
import { resetRequestLimit } from '../../src/server/modules/auth/service.ts';
import { signInLimits } from '../../src/server/modules/auth/sign-in-limits.ts';

type Parts = { body?: unknown; querystring?: unknown; params?: unknown };

const toJson = (schema: unknown) =>
  schema instanceof z.ZodType
    ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
    : undefined;

// Fastify announces every new instance on this channel (its documented hook for instrumentation),
// which is the only moment an onRoute hook still sees the routes buildApp registers.
const schemas = new Map<string, Parts>();
channel('fastify.initialization').subscribe((message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      schemas.set(`${method} ${route.url}`, (route.schema ?? {}) as Parts);
    }
  });
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-probe-routes-'));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://127.0.0.1:3000',
    ADMIN_PASSWORD: 'list-routes-only',
  });
  const app = await buildApp(config);
  await app.ready();
  const routes = app.apiRoutes.map((route) => {
    const parts = schemas.get(`${route.method} ${route.url}`) ?? {};
    return {
      ...route,
      body: toJson(parts.body),
      query: toJson(parts.querystring),
      params: toJson(parts.params),
    };
  });
  await app.close();
  process.stdout.write(
    JSON.stringify({
      routes,
      applicationFields: toJson(applicationFieldsSchema),
      limits: {
        signIn: signInLimits,
        resetRequests: resetRequestLimit.limit,
        applications: submissionLimit.limit,
      },
    }) + '\n',
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientBuildDir } from '../paths.ts';

/**
 * Serves the built client's files: hashed assets cached for a year, everything else revalidated,
 * each in the .br or .gz copy the build made when the browser accepts it
 * (docs/decisions/0035-compression-and-etags.md). Pages are the pages plugin's.
 */
export const clientFilesPlugin = fp(
  async (app: FastifyInstance, options: { clientDir?: string }) => {
    const clientDir = options.clientDir ?? clientBuildDir;
    const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The header is setHeaders' alone: left on, @fastify/send writes its own
        // `public, max-age=0` over it on every file, the .br and .gz copies included.
        cacheControl: false,
        // The page template: the pages plugin fills it in for every page.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (response, filePath) => {
          const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
          response.setHeader(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }
  },
  { name: 'client' },
);

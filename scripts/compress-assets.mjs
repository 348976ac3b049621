// Part of `npm run build`: writes a .br and a .gz copy beside each text file of the built client,
// which the server sends to browsers that accept them (@fastify/static preCompressed), so no
// request pays for compression.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const clientDir = path.resolve(process.argv[2] ?? 'dist/client');
const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !compressible.test(file) || file.includes('/.vite/')) continue;
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(content, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

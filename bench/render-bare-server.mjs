// The reference for bench/render.mjs: a bare Fastify process (no plugins, no hooks, no logger)
// answering GET / with the bytes of a file, sent as they are with the content type and encoding
// it is given, and any other headers given as a JSON object.
// Usage: node bench/render-bare-server.mjs <file> <port> <content-type> <encoding> [headers]
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port, contentType, encoding, headersJson] = process.argv.slice(2);
const body = fs.readFileSync(file);
const otherHeaders = headersJson ? JSON.parse(headersJson) : {};
const app = Fastify();
app.get('/', (_request, reply) => {
  reply
    .headers(otherHeaders)
    .header('content-type', contentType)
    .header('content-encoding', encoding)
    .send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });

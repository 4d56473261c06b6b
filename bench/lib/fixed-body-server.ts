// A control for answer size: a bare Fastify route (nothing of ours) sending the bytes of a file,
// the same Buffer every time, as `application/json`. The news suite serves the cached feed's own
// answer from it, so its row is "these bytes, with no work of ours" in the same minutes.
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
if (!port || !file) throw new Error('usage: fixed-body-server.ts <port> <file>');
const body = await readFile(file);

const app = Fastify({ logger: false });
app.get('/fixed', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/ready', () => ({ status: 'success' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

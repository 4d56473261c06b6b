// The machine's reference: a bare Fastify JSON route and a route doing one indexed SELECT through
// a pg pool, with nothing of ours in between. Benchmarks report our routes as ratios to these.
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
await pool.query(
  'create table if not exists bench_reference (id int primary key, name text not null)',
);
await pool.query(
  "insert into bench_reference select i, 'row ' || i from generate_series(1, 10000) i on conflict do nothing",
);

const app = Fastify({ logger: false });
app.get('/bare', () => ({ status: 'success' }));
app.get<{ Querystring: { id?: string } }>('/select', async (request) => {
  const id = Number(request.query.id ?? 1 + Math.floor(Math.random() * 10_000));
  const { rows } = await pool.query('select id, name from bench_reference where id = $1', [id]);
  return { status: 'success', rows };
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('READY\n');
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});

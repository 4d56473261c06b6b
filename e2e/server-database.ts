import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * The server's own database (the embedded PostgreSQL global-setup started in its DATA_DIR): a
 * test plays a news wire or the alerts fan-out by writing to it, as those parts of the product
 * would. The caller ends the client.
 */
export async function serverDatabase(): Promise<pg.Client> {
  const dir = path.join(path.dirname(process.env.E2E_MAIL_DIR ?? ''), 'postgres');
  const password = (await fs.readFile(path.join(dir, 'password'), 'utf8')).trim();
  const { port } = JSON.parse(await fs.readFile(path.join(dir, 'owner.json'), 'utf8')) as {
    port: number;
  };
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${String(port)}/stockpulse`,
  });
  await client.connect();
  return client;
}

// `npm run user:create -- --username ann --email ann@example.com [--password …] [--admin] [--validated]`
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { registerRequestSchema } from '@app/shared/api/users';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { createUserDirectly } from '../modules/users/first-run.ts';

const usage =
  'Usage: npm run user:create -- --username NAME --email ADDRESS [--password SECRET] [--first-name A] [--last-name B] [--admin] [--validated]';

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      admin: { type: 'boolean', default: false },
      validated: { type: 'boolean', default: false },
    },
  });
  const password = values.password ?? randomBytes(12).toString('base64url');
  const checked = registerRequestSchema.safeParse({
    username: values.username,
    email: values.email,
    password,
    first_name: values['first-name'] || 'x',
    last_name: values['last-name'] || 'x',
  });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(
      `${String(issue?.path[0] ?? 'input')}: ${issue?.message ?? 'invalid'}\n${usage}`,
    );
  }
  const config = loadConfig();
  const database = await openDatabase(config, pino({ level: 'warn' }));
  try {
    const row = await createUserDirectly(database.db, {
      username: checked.data.username,
      email: checked.data.email,
      password,
      first_name: values['first-name'],
      last_name: values['last-name'],
      is_admin: values.admin,
      is_email_validated: values.validated || values.admin,
    });
    console.log(
      `Created ${row.is_admin ? 'administrator' : 'user'} '${row.username}' <${row.email}>.`,
    );
    if (!values.password) console.log(`Password (shown once): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  const message =
    code === '23505'
      ? 'A user with this username or e-mail already exists.'
      : error instanceof ConfigError || error instanceof Error
        ? error.message
        : String(error);
  console.error(message);
  process.exit(1);
});

import type { User } from '@app/shared/api/users';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.ts';

let counter = 0;

export type TestUser = {
  token: string;
  user: User;
  password: string;
  username: string;
  email: string;
};

/** Registers a user through the API (so sessions and referral codes are real). */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string; referral: string }> = {},
): Promise<TestUser> {
  counter += 1;
  const username = overrides.username ?? `investor${counter}${Date.now() % 100_000}`;
  const body = {
    email: overrides.email ?? `${username}@example.com`,
    password: overrides.password ?? 'correct horse battery',
    username,
    first_name: 'Ada',
    last_name: 'Lovelace',
    referral: overrides.referral ?? '',
  };
  const res = await app.inject({ method: 'POST', url: '/api/user/create', payload: body });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.body}`);
  const json = res.json<{ token: string; current_user: User }>();
  return {
    token: json.token,
    user: json.current_user,
    password: body.password,
    username,
    email: body.email,
  };
}

/** Grants admin or validation directly in the database (as an operator would). */
export async function grant(
  db: Database,
  userId: string,
  flags: { is_admin?: boolean; is_email_validated?: boolean },
) {
  await db.updateTable('users').set(flags).where('id', '=', userId).execute();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

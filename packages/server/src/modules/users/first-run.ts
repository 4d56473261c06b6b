import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { hashPassword, newReferralCode } from '../security/secrets.ts';
import { createUserRepository } from './user.repository.ts';

/** The demo account whose credentials the login page shows in demo mode. */
export const DEMO_USER = { username: 'demo', password: 'demo-investor' } as const;

/**
 * The demo account's watchlist when it is created: a spread of sectors, so the dashboard, the
 * portfolio feed and the AI assistant have a portfolio to work on from the first minute.
 */
export const DEMO_WATCHLIST = [
  'NASDAQ:AAPL',
  'NASDAQ:MSFT',
  'NASDAQ:NVDA',
  'NYSE:JPM',
  'NYSE:KO',
  'NYSE:XOM',
] as const;

export type NewUser = {
  username: string;
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
  is_admin?: boolean;
  is_email_validated?: boolean;
};

/** Creates a user outside the HTTP flow (first run, demo data, `npm run user:create`). */
export async function createUserDirectly(db: Database, user: NewUser) {
  const users = createUserRepository(db);
  return users.insert({
    username: user.username,
    email: user.email,
    password_hash: await hashPassword(user.password),
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    is_admin: user.is_admin ?? false,
    is_email_validated: user.is_email_validated ?? false,
    validation_status: user.is_email_validated ? 'approved' : 'none',
    share_referral_code: newReferralCode(),
    referred_by: null,
  });
}

/**
 * First start: with no administrator yet, creates one from ADMIN_EMAIL/ADMIN_PASSWORD, or with a
 * generated password printed once. In demo mode, also the demo user.
 */
/** Creates the first administrator and, in demo mode, the demo user; answers the demo user's id
 * when this call created it (so its watchlist is filled once, never refilled after the user
 * emptied it). */
export async function ensureFirstRunUsers(
  db: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<{ createdDemoUserId: string | null }> {
  const users = createUserRepository(db);
  if ((await users.countAdmins()) === 0) {
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    const email = config.adminEmail ?? 'admin@stockpulse.local';
    await createUserDirectly(db, {
      username: 'admin',
      email,
      password,
      first_name: 'Site',
      last_name: 'Administrator',
      is_admin: true,
      is_email_validated: true,
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '23505') throw error; // another process won the race
    });
    if (!config.adminPassword) {
      // Printed once, on purpose, so the operator can sign in; it is never logged again.
      console.log(
        `\n  First run: created the administrator 'admin' (${email}) with the password: ${password}\n  Change it in the profile page, or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start.\n`,
      );
    } else {
      log.info({ email }, 'created the first administrator');
    }
  }
  if (config.demoMode && !(await users.findByUsername(DEMO_USER.username))) {
    const created = await createUserDirectly(db, {
      ...DEMO_USER,
      email: 'demo@stockpulse.local',
      first_name: 'Demo',
      last_name: 'Investor',
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '23505') throw error;
      return null; // another process won the race
    });
    return { createdDemoUserId: created?.id ?? null };
  }
  return { createdDemoUserId: null };
}

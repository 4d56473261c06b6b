import {
  USER_FLAG_KEYS,
  USER_TEXT_KEYS,
  type registerRequestSchema,
  type UserSettableKey,
} from '@app/shared/api/users';
import { z } from 'zod';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors.ts';
import type { Clock } from '../../clock.ts';
import type { Mailer } from '../messaging/mailer.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import {
  hashPassword,
  hashToken,
  newReferralCode,
  newToken,
  verifyPassword,
} from '../security/secrets.ts';
import { createLoginGuard } from './login-guard.ts';
import type { SessionService } from './session.service.ts';
import type { UserRow } from './user.mapper.ts';
import type { UserRepository } from './user.repository.ts';

const RECOVERY_TTL_MS = 3600 * 1000;
const WRONG_LOGIN = 'Wrong e-mail, username or password.';
const BAD_RECOVERY_KEY = 'This recovery link is invalid or has expired. Please ask for a new one.';

type Deps = {
  users: UserRepository;
  sessions: SessionService;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  clock: Clock;
};

export type Client = { ip: string; userAgent: string };

const textValue = z.string().trim().max(2000);
const VALUE_RULES: Record<string, z.ZodType> = {
  email: z.email('must be a valid e-mail address').max(254),
  about_me: textValue,
};

/** Registration, login, recovery and the owner's own settings. */
export function createUserService({ users, sessions, mailer, limiter, publicUrl, clock }: Deps) {
  const guard = createLoginGuard(limiter);
  async function uniqueReferralCode(): Promise<string> {
    for (;;) {
      const code = newReferralCode();
      if (!(await users.findByReferralCode(code))) return code;
    }
  }

  return {
    async register(input: z.output<typeof registerRequestSchema>, client: Client) {
      await limiter.hit(RATE_RULES.registerPerIp, client.ip);
      if (await users.findByUsername(input.username)) throw conflict('This username is taken.');
      if (await users.emailTaken(input.email)) throw conflict('This e-mail is already registered.');
      let referredBy: string | null = null;
      if (input.referral) {
        const referrer = await users.findByReferralCode(input.referral);
        if (!referrer) throw badRequest(`Unknown referral code '${input.referral}'.`);
        referredBy = referrer.id;
      }
      const row = await users
        .insert({
          username: input.username,
          email: input.email,
          password_hash: await hashPassword(input.password),
          first_name: input.first_name,
          last_name: input.last_name,
          share_referral_code: await uniqueReferralCode(),
          referred_by: referredBy,
          created_at: clock.now(),
          last_access_at: clock.now(),
        })
        .catch((error: unknown) => {
          // Two registrations racing for one name: the unique index decides.
          if ((error as { code?: string }).code === '23505')
            throw conflict('This username or e-mail is already registered.');
          throw error;
        });
      return { row, token: await sessions.create(row.id, client.userAgent) };
    },

    async login(login: string, password: string, client: Client) {
      const row = await users.findByLogin(login);
      // Unknown accounts are limited by the typed text, so they answer like known ones.
      const account = row?.id ?? `unknown:${login.toLowerCase()}`;
      await guard.check(account, client.ip);
      if (!(await verifyPassword(row?.password_hash, password)) || !row) {
        await guard.failed(account, client.ip);
        throw unauthorized(WRONG_LOGIN);
      }
      await guard.succeeded(account, client.ip);
      await users.update(row.id, { last_access_at: clock.now() });
      return { row, token: await sessions.create(row.id, client.userAgent) };
    },

    /** Mails a one-hour, single-use recovery link; answers the same whether the account exists or not. */
    async requestRecovery(login: string, client: Client) {
      await limiter.hit(RATE_RULES.recoveryPerIp, client.ip);
      await limiter.hit(RATE_RULES.recoveryPerAccount, login);
      const row = await users.findByLogin(login);
      if (!row) return;
      const key = newToken();
      await users.deleteTokens(row.id, 'recovery');
      await users.insertToken({
        user_id: row.id,
        purpose: 'recovery',
        token_hash: hashToken(key),
        expires_at: new Date(clock.now().getTime() + RECOVERY_TTL_MS),
      });
      const link = `${publicUrl}/password_recovery?key=${key}`;
      await mailer.send({
        to: row.email,
        userId: row.id,
        secrets: [key],
        subject: 'Reset your StockPulse password',
        text:
          `Hi ${row.first_name || row.username},\n\nSomeone (hopefully you) asked to reset the password of the ` +
          `StockPulse account ${row.username}. Open this link within one hour to choose a new password:\n\n${link}\n\n` +
          `If you did not ask for this, ignore this e-mail: your password stays as it is.`,
      });
    },

    /** Exchanges a recovery key for a session; the key works once. */
    async exchangeRecoveryKey(key: string, client: Client) {
      const consumed = /^[0-9a-f]{64}$/.test(key)
        ? await users.consumeToken('recovery', hashToken(key), clock.now())
        : undefined;
      const row = consumed ? await users.findById(consumed.user_id) : undefined;
      if (!row) throw badRequest(BAD_RECOVERY_KEY);
      return { row, token: await sessions.create(row.id, client.userAgent) };
    },

    /**
     * Sets a new password, ends every other session of the user and tells the account's address
     * (the contract's `{value}` carries no current password: the notice is how an owner learns
     * of a change made from a stolen session, and recovery is how they take the account back).
     */
    async setPassword(userId: string, currentToken: string | undefined, password: string) {
      const row = await users.update(userId, { password_hash: await hashPassword(password) });
      if (!row) throw notFound('This account no longer exists.');
      await sessions.revokeOthers(userId, currentToken);
      await users.deleteTokens(userId, 'recovery');
      await mailer.send({
        to: row.email,
        userId,
        subject: 'Your StockPulse password was changed',
        text:
          `Hi ${row.first_name || row.username},\n\nThe password of your StockPulse account ${row.username} ` +
          `was just changed, and every other session was signed out.\n\nIf this was not you, reset your ` +
          `password at once: ${publicUrl}/password_recovery`,
      });
      return row;
    },

    /** The owner's own profile fields and `my_*` preferences (an allowlist). */
    async setProperty(userId: string, key: string, value: unknown): Promise<UserRow> {
      const isText = (USER_TEXT_KEYS as readonly string[]).includes(key);
      const isFlag = (USER_FLAG_KEYS as readonly string[]).includes(key);
      if (!isText && !isFlag) throw badRequest(`The property '${key}' cannot be changed.`);
      const rule = isFlag ? z.boolean() : (VALUE_RULES[key] ?? textValue.max(200));
      const parsed = rule.safeParse(value);
      if (!parsed.success) {
        throw badRequest(
          `Invalid value for '${key}': ${parsed.error.issues[0]?.message ?? 'invalid'}`,
        );
      }
      if (key === 'email' && (await users.emailTaken(parsed.data as string, userId))) {
        throw conflict('This e-mail is already registered.');
      }
      const before = key === 'email' ? await users.findById(userId) : undefined;
      const row = await users.update(userId, { [key as UserSettableKey]: parsed.data });
      if (!row) throw notFound('This account no longer exists.');
      if (before && before.email.toLowerCase() !== row.email.toLowerCase()) {
        // The old address hears of the change: recovery mail goes to the new one from now on.
        await mailer.send({
          to: before.email,
          userId,
          subject: 'The e-mail address of your StockPulse account was changed',
          text:
            `Hi ${row.first_name || row.username},\n\nThe e-mail address of your StockPulse account ` +
            `${row.username} was changed from this address to ${row.email}.\n\nIf this was not you, ` +
            `write to us from this address at once so we can restore it.`,
        });
      }
      return row;
    },

    async getMe(userId: string): Promise<UserRow> {
      const row = await users.findById(userId);
      if (!row) throw unauthorized();
      return row;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

import { addDays } from '@app/shared/dates';
import type { Clock } from '../../clock.ts';
import { badRequest } from '../../http/errors.ts';
import { hashToken, newToken } from '../security/secrets.ts';
import type { UnsubscribeRepository, UnsubscribeTokenRow } from './unsubscribe.repository.ts';

/** How many days the unsubscribe link of a mail works. */
const UNSUBSCRIBE_TTL_DAYS = 400;

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is invalid or has expired.';

/** Whose mails of which kind one link stops. */
export type UnsubscribeOwner =
  | { kind: 'instant' | 'daily' | 'weekly'; userId: string }
  | { kind: 'rule'; userId: string; ruleId: string }
  | { kind: 'newsletter'; subscriberId: string };

/** The owners of the alerts module's mails. */
export type AlertMailOwner = Exclude<UnsubscribeOwner, { kind: 'newsletter' }>;

/** A valid link: whose mails it stops and the address they go to. */
export type UnsubscribeTarget = { owner: UnsubscribeOwner; email: string };

/** A link of one mail, and the headers that offer it to mail clients as one click (RFC 8058). */
export type UnsubscribeLink = { token: string; url: string; headers: Record<string, string> };

const TOKEN = /^[0-9a-f]{64}$/;

function rowOf(owner: UnsubscribeOwner): UnsubscribeTokenRow {
  if (owner.kind === 'newsletter') {
    return { kind: owner.kind, user_id: null, rule_id: null, subscriber_id: owner.subscriberId };
  }
  const ruleId = owner.kind === 'rule' ? owner.ruleId : null;
  return { kind: owner.kind, user_id: owner.userId, rule_id: ruleId, subscriber_id: null };
}

function ownerOf(row: UnsubscribeTokenRow): UnsubscribeOwner | undefined {
  if (row.kind === 'newsletter') {
    return row.subscriber_id ? { kind: row.kind, subscriberId: row.subscriber_id } : undefined;
  }
  if (!row.user_id) return undefined;
  if (row.kind === 'rule') {
    return row.rule_id ? { kind: row.kind, userId: row.user_id, ruleId: row.rule_id } : undefined;
  }
  return { kind: row.kind, userId: row.user_id };
}

/**
 * One-click unsubscribe for every mail that offers it: a fresh hashed token per mail, the page's
 * target, and the unsubscribe itself, which calls back into the module that owns the kind.
 */
export function createUnsubscribeService(deps: {
  repository: UnsubscribeRepository;
  clock: Clock;
  publicUrl: string;
  /** Switch one owner's mails off, per owning module; repeating one changes nothing. */
  stop: {
    alerts: (owner: AlertMailOwner) => Promise<unknown>;
    newsletter: (subscriberId: string) => Promise<unknown>;
  };
}) {
  const { repository, clock, publicUrl, stop } = deps;

  /** Whose mails a token stops and their address, if the token is valid and young enough. */
  async function target(token: string): Promise<UnsubscribeTarget | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const row = await repository.find(
      hashToken(token),
      addDays(clock.now(), -UNSUBSCRIBE_TTL_DAYS),
    );
    const owner = row && ownerOf(row);
    return owner && row.email !== null ? { owner, email: row.email } : undefined;
  }

  return {
    /** A fresh link for one mail (each mail its own token, stored hashed). */
    async link(owner: UnsubscribeOwner): Promise<UnsubscribeLink> {
      const token = newToken();
      await repository.add(hashToken(token), rowOf(owner), clock.now());
      const url = `${publicUrl}/api/unsubscribe?token=${token}`;
      return {
        token,
        url,
        headers: {
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    },

    target,

    /** Stops the mails the token names (repeating it changes nothing); 400 for a bad token. */
    async unsubscribe(token: string): Promise<UnsubscribeTarget> {
      const found = await target(token);
      if (!found) throw badRequest(UNSUBSCRIBE_INVALID);
      const { owner } = found;
      if (owner.kind === 'newsletter') await stop.newsletter(owner.subscriberId);
      else await stop.alerts(owner);
      return found;
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;

import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Clock } from '../../clock.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { describeTelegramError, isChatGone } from '../../providers/telegram/telegram-bot.ts';
import { pageGroup, type PageNotices } from '../../cache/page-notices.ts';
import { hashToken } from '../security/secrets.ts';
import type { ChannelKind, LinkCodeState, TelegramRepository } from './telegram.repository.ts';
import { BOT_OFF, createTelegramPoster } from './telegram-poster.ts';

/** How long a Register deep link works. */
export const LINK_CODE_TTL_MS = 15 * 60_000;
const RECENT_POSTS = 50;

export type SendOutcome = 'sent' | 'not-linked' | 'disabled';
export type LinkOutcome = { state: LinkCodeState; userId?: string };

/**
 * The Telegram bot's product side: one-time deep links that tie a chat to an account, messages
 * to a user's chat, and posts to the channels. Without a bot (no TELEGRAM_BOT_TOKEN) everything
 * answers 'disabled' or says the bot is off; nothing fails.
 */
export function createTelegramService(deps: {
  repository: TelegramRepository;
  /** Null when the bot is off. */
  bot: Bot | null;
  /** TELEGRAM_BOT_USERNAME; without it the bot's getMe answers (once). */
  botUsername: string | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The admin pages kept while their tables are unchanged (ADMIN_PAGE_CACHE). */
  adminPages?: PageNotices;
}) {
  const { repository, bot, clock, log } = deps;
  let username: Promise<string> | undefined;
  // The posts log's pages as sent, kept while no post or channel is written (`cache/page-notices.ts`).
  const postPages = pageGroup(deps.adminPages, 'channel_posts');

  /** The bot's @username, asked of Telegram at most once per process when not configured. */
  function botUsername(): Promise<string> {
    if (!bot) return Promise.reject(conflict(BOT_OFF));
    username ??= deps.botUsername
      ? Promise.resolve(deps.botUsername)
      : bot.api.getMe().then((me) => me.username);
    // A failed getMe is asked again next time.
    username.catch(() => (username = undefined));
    return username;
  }

  const { send, post, publish } = createTelegramPoster({ repository, bot, clock, log });

  // A failing command is logged and answered by nobody; polling goes on.
  bot?.catch((error) => {
    log.error(
      { error: describeTelegramError(error.error), update: error.ctx.update.update_id },
      'telegram command failed',
    );
  });

  return {
    /** Whether a bot token is configured. */
    enabled: bot !== null,

    /** What the profile and the menus show: whether the bot runs, and its @username. */
    async info(): Promise<{ enabled: boolean; bot_username: string | null }> {
      if (!bot) return { enabled: false, bot_username: null };
      try {
        return { enabled: true, bot_username: await botUsername() };
      } catch (error) {
        log.warn({ error: describeTelegramError(error) }, 'telegram getMe failed');
        return { enabled: true, bot_username: null };
      }
    },

    /** A one-time Register deep link (`t.me/<bot>?start=<code>`); earlier unused codes stop working. */
    async createLink(userId: string): Promise<{ url: string; expires_at: Date }> {
      const name = await botUsername();
      const code = randomBytes(18).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_MS);
      await repository.deleteUnusedCodes(userId);
      await repository.insertLinkCode({
        codeHash: hashToken(code),
        userId,
        createdAt: now,
        expiresAt,
      });
      return { url: `https://t.me/${name}?start=${code}`, expires_at: expiresAt };
    },

    /** The bot's `/start <code>`: ties the chat to the code's account when the code is valid. */
    linkChat: (code: string, chatId: string): Promise<LinkOutcome> =>
      /^[A-Za-z0-9_-]{1,64}$/.test(code)
        ? repository.consumeLinkCode(hashToken(code), chatId, clock.now())
        : Promise.resolve({ state: 'unknown' }),

    /** The bot's `/stop`: the chat is no longer any account's. Returns whether one was linked. */
    unlinkChat: async (chatId: string): Promise<boolean> =>
      (await repository.clearChat(chatId)) > 0,

    /** The profile's Unregister: the account's chat is forgotten. */
    async unregister(userId: string): Promise<void> {
      await repository.clearUserChat(userId);
      await repository.deleteUnusedCodes(userId);
    },

    /** The account a chat is linked to. */
    userOfChat: (chatId: string) => repository.userOfChat(chatId),

    /**
     * A message to the user's linked chat. 'disabled' without a bot, 'not-linked' without a chat
     * (or when Telegram says the chat is gone: the link is then dropped). Throws on a transient
     * failure so the delivery job retries.
     */
    async sendToUser(userId: string, text: string): Promise<SendOutcome> {
      if (!bot) return 'disabled';
      const chatId = await repository.chatOfUser(userId);
      if (!chatId) return 'not-linked';
      try {
        await send(chatId, text);
        return 'sent';
      } catch (error) {
        if (!isChatGone(error)) throw error;
        log.info({ userId, error: describeTelegramError(error) }, 'telegram chat gone: unlinked');
        await repository.clearUserChat(userId);
        return 'not-linked';
      }
    },

    publish,

    /** A message straight to a chat (the bot's replies). */
    sendToChat: (chatId: string, text: string) => send(chatId, text),

    // Channels (admins).
    /**
     * `/channels/list`' payload, kept while no channel is written (the channel table announces its
     * writes to the posts log's group): read once, not on every call.
     */
    channels: () =>
      postPages.answer('channels', async () => ({
        channels: (await repository.channels()).map((row) => ({
          ...row,
          kinds: row.kinds.filter((kind) => kind === 'alert' || kind === 'brief'),
          created_at: Math.floor(row.created_at.getTime() / 1000),
        })),
        enabled: bot !== null,
      })),

    async addChannel(input: { chat_id: string; title: string; kinds: ChannelKind[] }) {
      const row = await repository.insertChannel({
        chatId: input.chat_id,
        title: input.title,
        kinds: [...new Set(input.kinds)],
        now: clock.now(),
      });
      if (!row) throw conflict(`The channel ${input.chat_id} is already in the list.`);
      // The admin's list shows it next, from any process.
      await postPages.changed();
      return row;
    },

    async updateChannel(id: string, changes: { enabled?: boolean; kinds?: ChannelKind[] }) {
      const row = await repository.updateChannel(id, {
        ...changes,
        ...(changes.kinds && { kinds: [...new Set(changes.kinds)] }),
      });
      if (!row) throw notFound('No such channel.');
      await postPages.changed();
      return row;
    },

    /** Removes a channel and its posts; answered once every process forgot the posts log. */
    async removeChannel(id: string): Promise<void> {
      if (!(await repository.deleteChannel(id))) throw notFound('No such channel.');
      await postPages.changed();
    },

    /** A test post to one channel (enabled or not); the failure is answered, not thrown. */
    async testPost(id: string) {
      if (!bot) throw conflict(BOT_OFF);
      const channel = await repository.channel(id);
      if (!channel) throw notFound('No such channel.');
      const text = `StockPulse test post to ${channel.title} at ${clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
      const result = await post(channel, 'test', text);
      // The admin's posts log shows the test post (or its failure) from any process.
      await postPages.changed();
      if (!result.ok)
        throw badRequest(`Telegram refused the post: ${result.error ?? 'unknown error'}`);
    },

    /** `/channels/posts`' payload, kept while no post or channel is written. */
    recentPosts: (channelId?: string) =>
      postPages.answer(`posts:${channelId ?? ''}`, async () => ({
        posts: (await repository.recentPosts(RECENT_POSTS, channelId)).map((row) => ({
          ...row,
          id: String(row.id),
          created_at: Math.floor(row.created_at.getTime() / 1000),
        })),
      })),

    /**
     * The daily brief on the brief channels: the latest market brief's title, summary and link,
     * once (a brief already posted is not posted again).
     */
    async publishBrief(brief: { title: string; summary: string | null; link: string } | undefined) {
      if (!bot || !brief) return 'nothing' as const;
      const text = [`📈 ${brief.title}`, brief.summary ?? '', brief.link]
        .filter(Boolean)
        .join('\n\n');
      if (await repository.postedBefore('brief', text)) return 'already' as const;
      await publish('brief', text);
      return 'posted' as const;
    },

    /** Runs the bot in the worker: long polling, or registers the webhook Telegram calls. */
    async startBot(options: { mode: 'polling' | 'webhook'; webhookUrl: string; secret?: string }) {
      if (!bot) return;
      if (options.mode === 'webhook') {
        await bot.api.setWebhook(options.webhookUrl, {
          ...(options.secret && { secret_token: options.secret }),
          allowed_updates: ['message'],
        });
        log.info({ url: options.webhookUrl }, 'telegram webhook set');
        return;
      }
      await bot.init();
      // Not awaited: resolves when the bot stops.
      void bot
        .start({ allowed_updates: ['message'], onStart: () => log.info('telegram bot polling') })
        .catch((error: unknown) =>
          log.error({ error: describeTelegramError(error) }, 'telegram polling stopped'),
        );
    },

    async stopBot() {
      if (bot?.isRunning()) await bot.stop();
    },

    /** One update from the webhook route. */
    async handleUpdate(update: Update) {
      if (!bot) throw conflict(BOT_OFF);
      if (!bot.isInited()) await bot.init();
      await bot.handleUpdate(update);
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;

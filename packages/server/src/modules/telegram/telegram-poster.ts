import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Clock } from '../../clock.ts';
import { conflict } from '../../http/errors.ts';
import { describeTelegramError } from '../../providers/telegram/telegram-bot.ts';
import type { ChannelKind, TelegramRepository } from './telegram.repository.ts';

/** Telegram's limit on one message. */
const MESSAGE_MAX = 4096;

export const BOT_OFF = 'The Telegram bot is not set up on this server.';

/**
 * Messages through the bot: `send` to one chat, `post` to a channel with its outcome logged in
 * the posts table, `publish` to every enabled channel of a kind.
 */
export function createTelegramPoster(deps: {
  repository: TelegramRepository;
  bot: Bot | null;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, bot, clock, log } = deps;

  async function send(chatId: string, text: string): Promise<number> {
    if (!bot) throw conflict(BOT_OFF);
    const message = await bot.api.sendMessage(chatId, text.slice(0, MESSAGE_MAX), {
      link_preview_options: { is_disabled: true },
    });
    return message.message_id;
  }

  async function post(
    channel: { id: string; chat_id: string; title: string },
    kind: ChannelKind | 'test',
    text: string,
  ): Promise<{ ok: boolean; error: string | null }> {
    try {
      const messageId = await send(channel.chat_id, text);
      await repository.insertPost({
        channelId: channel.id,
        kind,
        text,
        status: 'sent',
        error: null,
        messageId,
        now: clock.now(),
      });
      return { ok: true, error: null };
    } catch (error) {
      const description = describeTelegramError(error);
      log.warn(
        { channel: channel.title, kind, error: description },
        'telegram channel post failed',
      );
      await repository.insertPost({
        channelId: channel.id,
        kind,
        text,
        status: 'failed',
        error: description,
        messageId: null,
        now: clock.now(),
      });
      return { ok: false, error: description };
    }
  }

  /** Posts to every enabled channel of this kind; a failed channel is logged, the others go on. */
  async function publish(kind: ChannelKind, text: string): Promise<void> {
    if (!bot) return;
    for (const channel of await repository.enabledChannels(kind)) await post(channel, kind, text);
  }

  return { send, post, publish };
}

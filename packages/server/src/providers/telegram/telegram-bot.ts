import { Bot, GrammyError } from 'grammy';

/** How long one Bot API call may take before it counts as a transient failure. */
const API_TIMEOUT_SECONDS = 15;

export type TelegramBotOptions = {
  token: string;
  /** https://api.telegram.org, or a local Bot API server in tests. */
  apiRoot: string;
};

/**
 * The grammy bot for our token. Long polling (`bot.start`) and webhooks (`webhookCallback`)
 * both feed the same handlers; `bot.api` sends.
 */
export function createTelegramBot({ token, apiRoot }: TelegramBotOptions): Bot {
  return new Bot(token, { client: { apiRoot, timeoutSeconds: API_TIMEOUT_SECONDS } });
}

/**
 * Whether a send failed for good because of the chat (the user blocked the bot, left or deleted
 * the chat, the chat id is unknown), as opposed to a transient failure worth a retry.
 */
export function isChatGone(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  if (error.error_code === 403) return true;
  return (
    error.error_code === 400 &&
    /chat not found|user not found|chat_id is empty/i.test(error.description)
  );
}

/** A failure's one-line description for logs and the channel posts log. */
export function describeTelegramError(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code}: ${error.description}`;
  return error instanceof Error ? error.message : String(error);
}

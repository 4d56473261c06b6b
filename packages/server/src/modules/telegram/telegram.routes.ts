import { timingSafeEqual } from 'node:crypto';
import { errorResponseSchema } from '@app/shared/api/envelope';
import {
  channelAddRequestSchema,
  channelListResponseSchema,
  channelPostsResponseSchema,
  channelResponseSchema,
  channelTestResponseSchema,
  channelUpdateRequestSchema,
  telegramInfoResponseSchema,
  telegramLinkResponseSchema,
  telegramUnregisterResponseSchema,
  type Channel,
} from '@app/shared/api/telegram';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { currentUser } from '../../http/access.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import { keptAnswer } from '../../http/kept-answer.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { TelegramService } from './telegram.service.ts';
import { telegramUpdateSchema } from './telegram-update.ts';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const tags = ['telegram'];
const route = moduleRoutes({ tags, errors: errorAnswers() });
const channelsAnswer =
  keptAnswer<Awaited<ReturnType<TelegramService['channels']>>>(channelListResponseSchema);
const postsAnswer = keptAnswer<Awaited<ReturnType<TelegramService['recentPosts']>>>(
  channelPostsResponseSchema,
);
const channelParams = z.object({ id: z.uuid('No such channel.') });
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const channelJson = (row: {
  id: string;
  chat_id: string;
  title: string;
  kinds: string[];
  enabled: boolean;
  created_at: Date;
}): Channel => ({
  ...row,
  kinds: row.kinds.filter((kind): kind is Channel['kinds'][number] =>
    ['alert', 'brief'].includes(kind),
  ),
  created_at: seconds(row.created_at),
});

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The profile's Telegram link, the bot's webhook, and the channels (admins). */
export function telegramRoutes(
  app: ZodApp,
  { telegram, settings }: { telegram: TelegramService; settings: AppConfig['telegram'] },
) {
  app.get(
    '/telegram/info',
    route({
      access: 'public',
      summary: 'Whether the Telegram bot runs, its @username, and the community and channel links',
      response: telegramInfoResponseSchema,
    }),
    async () => ({
      status: 'success' as const,
      ...(await telegram.info()),
      community_url: settings.communityUrl ?? null,
      channel_url: settings.channelUrl ?? null,
    }),
  );

  app.post(
    '/telegram/link',
    route({
      access: 'user',
      summary: 'Register: a one-time deep link t.me/<bot>?start=<code> (15 minutes)',
      response: telegramLinkResponseSchema,
      errors: errorAnswers(401, 409),
    }),
    async (request) => {
      const link = await telegram.createLink(currentUser(request).id);
      return { status: 'success' as const, url: link.url, expires_at: seconds(link.expires_at) };
    },
  );

  app.post(
    '/telegram/unregister',
    route({
      access: 'user',
      summary: 'Unregister: forgets the linked chat (my_telegram_chat_id becomes empty)',
      response: telegramUnregisterResponseSchema,
      errors: errorAnswers(401),
    }),
    async (request) => {
      await telegram.unregister(currentUser(request).id);
      return { status: 'success' as const, my_telegram_chat_id: '' as const };
    },
  );

  app.post(
    '/telegram/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Telegram calls this in webhook mode, with the secret token header',
        body: telegramUpdateSchema,
        response: {
          200: z.object({ ok: z.literal(true) }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
      // Who may post comes before what was posted: a caller without the secret learns nothing
      // of the update's rules.
      preValidation: (request, _reply, done) => {
        if (!telegram.enabled || settings.mode !== 'webhook' || !settings.webhookSecret) {
          done(notFound('The Telegram webhook is not enabled.'));
        } else if (!sameSecret(request.headers[SECRET_HEADER], settings.webhookSecret)) {
          done(unauthorized('Wrong Telegram secret token.'));
        } else done();
      },
    },
    async (request) => {
      // The schema checked what the commands read; the rest is Telegram's, passed on as sent.
      await telegram.handleUpdate(request.body as unknown as Update);
      return { ok: true as const };
    },
  );

  app.get(
    '/channels/list',
    route({
      access: 'admin',
      summary: 'The Telegram channels the product publishes to',
      response: channelListResponseSchema,
      errors: errorAnswers(401, 403),
    }),
    // The kept list's bytes: written and compressed once per kept list.
    async (request, reply) =>
      sendKeptJson(request, reply, channelsAnswer(await telegram.channels())),
  );

  app.post(
    '/channels/add',
    route({
      access: 'admin',
      summary: 'Adds a channel (chat id or @name) with the kinds it receives',
      body: channelAddRequestSchema,
      response: channelResponseSchema,
      errors: errorAnswers(400, 401, 403, 409),
    }),
    async (request) => ({
      status: 'success' as const,
      channel: channelJson(await telegram.addChannel(request.body)),
    }),
  );

  app.post(
    '/channels/set/:id',
    route({
      access: 'admin',
      summary: 'Enables or disables a channel, or changes the kinds it receives',
      params: channelParams,
      body: channelUpdateRequestSchema,
      response: channelResponseSchema,
      errors: errorAnswers(400, 401, 403, 404),
    }),
    async (request) => ({
      status: 'success' as const,
      channel: channelJson(await telegram.updateChannel(request.params.id, request.body)),
    }),
  );

  app.post(
    '/channels/remove/:id',
    route({
      access: 'admin',
      summary: 'Removes a channel and its posts log',
      params: channelParams,
      response: channelTestResponseSchema,
      errors: errorAnswers(400, 401, 403, 404),
    }),
    async (request) => {
      await telegram.removeChannel(request.params.id);
      return { status: 'success' as const, message: 'Channel removed.' };
    },
  );

  app.post(
    '/channels/test/:id',
    route({
      access: 'admin',
      summary: 'Posts a test message to a channel',
      params: channelParams,
      response: channelTestResponseSchema,
      errors: errorAnswers(400, 401, 403, 404, 409),
    }),
    async (request) => {
      await telegram.testPost(request.params.id);
      return { status: 'success' as const, message: 'Test post sent.' };
    },
  );

  app.get(
    '/channels/posts',
    route({
      access: 'admin',
      summary: 'The last 50 posts to the channels (or to one), newest first',
      querystring: queryParams({ channel_id: z.uuid('No such channel.').optional() }),
      response: channelPostsResponseSchema,
      errors: errorAnswers(400, 401, 403),
    }),
    // The kept posts' bytes: written and compressed once per kept page.
    async (request, reply) =>
      sendKeptJson(
        request,
        reply,
        postsAnswer(await telegram.recentPosts(request.query.channel_id)),
      ),
  );
}

import { z } from 'zod';
import { successResponse } from './envelope.ts';

/** What a channel may receive: instant defcon-1 alerts and the daily market brief. */
export const CHANNEL_KINDS = ['alert', 'brief'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Whether the bot runs (a token is configured) and the menus' links (each shown only when set). */
export const telegramInfoResponseSchema = successResponse({
  enabled: z.boolean(),
  bot_username: z.string().nullable(),
  community_url: z.string().nullable(),
  channel_url: z.string().nullable(),
});
export type TelegramInfo = z.infer<typeof telegramInfoResponseSchema>;

/** The profile's Register: a one-time deep link `https://t.me/<bot>?start=<code>`. */
export const telegramLinkResponseSchema = successResponse({
  url: z.string(),
  /** Epoch seconds. */
  expires_at: z.number(),
});

export const telegramUnregisterResponseSchema = successResponse({
  my_telegram_chat_id: z.literal(''),
});

/** A Telegram chat id (digits, negative for groups and channels) or a public @channelname. */
export const telegramChatIdSchema = z
  .string()
  .trim()
  .regex(
    /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/,
    'must be a chat id (digits) or an @channelname',
  );

export const channelSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  title: z.string(),
  kinds: z.array(z.enum(CHANNEL_KINDS)),
  enabled: z.boolean(),
  /** Epoch seconds. */
  created_at: z.number(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelPostSchema = z.object({
  id: z.string(),
  channel_id: z.string(),
  channel_title: z.string(),
  kind: z.enum(['alert', 'brief', 'test']),
  text: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  /** Epoch seconds. */
  created_at: z.number(),
});
export type ChannelPost = z.infer<typeof channelPostSchema>;

export const channelListResponseSchema = successResponse({
  channels: z.array(channelSchema),
  /** Whether the bot runs: without it nothing is posted. */
  enabled: z.boolean(),
});
export const channelResponseSchema = successResponse({ channel: channelSchema });
export const channelPostsResponseSchema = successResponse({ posts: z.array(channelPostSchema) });

export const channelAddRequestSchema = z.object({
  chat_id: telegramChatIdSchema,
  title: z.string().trim().min(1, 'is required').max(120),
  kinds: z
    .array(z.enum(CHANNEL_KINDS))
    .max(CHANNEL_KINDS.length)
    .default([...CHANNEL_KINDS]),
});
export type ChannelAddRequest = z.input<typeof channelAddRequestSchema>;

export const channelUpdateRequestSchema = z
  .object({
    enabled: z.boolean().optional(),
    kinds: z.array(z.enum(CHANNEL_KINDS)).max(CHANNEL_KINDS.length).optional(),
  })
  .refine((body) => body.enabled !== undefined || body.kinds !== undefined, {
    message: 'name enabled or kinds',
  });
export type ChannelUpdateRequest = z.input<typeof channelUpdateRequestSchema>;

export const channelTestResponseSchema = successResponse({ message: z.string() });

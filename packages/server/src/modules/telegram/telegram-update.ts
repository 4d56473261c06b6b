import { z } from 'zod';

/** Telegram's ids are integers up to 52 bits (its Bot API says so); chat ids may be negative. */
const telegramId = z
  .number()
  .int()
  .min(-(2 ** 52))
  .max(2 ** 52);
/** Unix seconds between 2013 (Telegram's launch) and 2100: anything else is no real update. */
const epochSeconds = z.number().int().min(1_356_998_400).max(4_102_444_800);

const entity = z.looseObject({
  type: z.string().max(64),
  offset: z.number().int().min(0).max(65_536),
  length: z.number().int().min(0).max(65_536),
});

/** A message as the bot's commands read it: the chat, the sender, the text and its entities. */
const message = z.looseObject({
  message_id: telegramId,
  date: epochSeconds,
  chat: z.looseObject({ id: telegramId, type: z.string().max(32) }),
  from: z.looseObject({ id: telegramId }).optional(),
  // Telegram caps a message at 4,096 characters; a caption at 1,024.
  text: z.string().max(4_096).optional(),
  caption: z.string().max(1_024).optional(),
  entities: z.array(entity).max(100).optional(),
});

/**
 * An update posted to the webhook. Telegram sends more kinds (polls, reactions, members…) and
 * more fields than we read, so the objects stay open; what the commands read is checked, and an
 * update that breaks it is refused with 400 before the bot sees it.
 */
export const telegramUpdateSchema = z.looseObject({
  update_id: z
    .number()
    .int()
    .min(0)
    .max(2 ** 52),
  message: message.optional(),
  edited_message: message.optional(),
  channel_post: message.optional(),
  edited_channel_post: message.optional(),
});

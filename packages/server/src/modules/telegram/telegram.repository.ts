import type { Database } from '../../db/database.ts';
import { firstValue } from '../../db/row-values.ts';

export type ChannelKind = 'alert' | 'brief';
export type LinkCodeState = 'ok' | 'unknown' | 'used' | 'expired';

const channelColumns = ['id', 'chat_id', 'title', 'kinds', 'enabled', 'created_at'] as const;

/** SQL for the Telegram link codes, the users' chats, the channels and their posts; no decisions. */
export function createTelegramRepository(db: Database) {
  return {
    insertLinkCode: async (values: {
      codeHash: Buffer;
      userId: string;
      createdAt: Date;
      expiresAt: Date;
    }) => {
      await db
        .insertInto('telegram_link_codes')
        .values({
          code_hash: values.codeHash,
          user_id: values.userId,
          created_at: values.createdAt,
          expires_at: values.expiresAt,
        })
        .execute();
    },

    /**
     * Uses a code once: under a row lock, a valid code is marked used and the chat stored on its
     * user (any other account on that chat loses it), in one transaction.
     */
    consumeLinkCode: (
      codeHash: Buffer,
      chatId: string,
      now: Date,
    ): Promise<{ state: LinkCodeState; userId?: string }> =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('telegram_link_codes')
          .select(['user_id', 'expires_at', 'used_at'])
          .where('code_hash', '=', codeHash)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return { state: 'unknown' as const };
        if (row.used_at) return { state: 'used' as const };
        if (row.expires_at <= now) return { state: 'expired' as const };
        await trx
          .updateTable('telegram_link_codes')
          .set({ used_at: now })
          .where('code_hash', '=', codeHash)
          .execute();
        await trx
          .updateTable('users')
          .set({ my_telegram_chat_id: '' })
          .where('my_telegram_chat_id', '=', chatId)
          .where('id', '<>', row.user_id)
          .execute();
        await trx
          .updateTable('users')
          .set({ my_telegram_chat_id: chatId })
          .where('id', '=', row.user_id)
          .execute();
        return { state: 'ok' as const, userId: row.user_id };
      }),

    /** Codes of a user not used yet are dropped when a new one is made or the chat unlinked. */
    deleteUnusedCodes: async (userId: string) => {
      await db
        .deleteFrom('telegram_link_codes')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },

    chatOfUser: (userId: string): Promise<string | undefined> =>
      firstValue(db.selectFrom('users').select('my_telegram_chat_id').where('id', '=', userId)),

    userOfChat: (chatId: string) =>
      db
        .selectFrom('users')
        .select([
          'id',
          'username',
          'first_name',
          'email',
          'subscription',
          'subscription_status',
          'my_instant_alerts',
        ])
        .where('my_telegram_chat_id', '=', chatId)
        .executeTakeFirst(),

    /** Returns how many accounts lost the chat. */
    clearChat: async (chatId: string): Promise<number> => {
      const result = await db
        .updateTable('users')
        .set({ my_telegram_chat_id: '' })
        .where('my_telegram_chat_id', '=', chatId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    clearUserChat: async (userId: string) => {
      await db
        .updateTable('users')
        .set({ my_telegram_chat_id: '' })
        .where('id', '=', userId)
        .execute();
    },

    channels: () =>
      db.selectFrom('telegram_channels').select(channelColumns).orderBy('created_at').execute(),

    channel: (id: string) =>
      db
        .selectFrom('telegram_channels')
        .select(channelColumns)
        .where('id', '=', id)
        .executeTakeFirst(),

    enabledChannels: (kind: ChannelKind) =>
      db
        .selectFrom('telegram_channels')
        .select(channelColumns)
        .where('enabled', '=', true)
        .where((eb) => eb(eb.val<string>(kind), '=', eb.fn.any('kinds')))
        .orderBy('created_at')
        .execute(),

    /** Undefined when a channel with that chat id exists. */
    insertChannel: (values: { chatId: string; title: string; kinds: ChannelKind[]; now: Date }) =>
      db
        .insertInto('telegram_channels')
        .values({
          chat_id: values.chatId,
          title: values.title,
          kinds: values.kinds,
          created_at: values.now,
        })
        .onConflict((oc) => oc.column('chat_id').doNothing())
        .returning(channelColumns)
        .executeTakeFirst(),

    updateChannel: (id: string, values: { enabled?: boolean; kinds?: ChannelKind[] }) =>
      db
        .updateTable('telegram_channels')
        .set(values)
        .where('id', '=', id)
        .returning(channelColumns)
        .executeTakeFirst(),

    deleteChannel: async (id: string): Promise<boolean> =>
      Number(
        (await db.deleteFrom('telegram_channels').where('id', '=', id).executeTakeFirst())
          .numDeletedRows,
      ) > 0,

    insertPost: async (values: {
      channelId: string;
      kind: ChannelKind | 'test';
      text: string;
      status: 'sent' | 'failed';
      error: string | null;
      messageId: number | null;
      now: Date;
    }) => {
      await db
        .insertInto('telegram_channel_posts')
        .values({
          channel_id: values.channelId,
          kind: values.kind,
          text: values.text,
          status: values.status,
          error: values.error,
          message_id: values.messageId,
          created_at: values.now,
        })
        .execute();
    },

    postedBefore: async (kind: ChannelKind, text: string): Promise<boolean> =>
      (await db
        .selectFrom('telegram_channel_posts')
        .select('id')
        .where('kind', '=', kind)
        .where('text', '=', text)
        .where('status', '=', 'sent')
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /** The latest posts, newest first, with their channel's title. */
    recentPosts: (limit: number, channelId?: string) => {
      let query = db
        .selectFrom('telegram_channel_posts as p')
        .innerJoin('telegram_channels as c', 'c.id', 'p.channel_id')
        .select([
          'p.id',
          'p.channel_id',
          'c.title as channel_title',
          'p.kind',
          'p.text',
          'p.status',
          'p.error',
          'p.created_at',
        ])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit);
      if (channelId) query = query.where('p.channel_id', '=', channelId);
      return query.execute();
    },
  };
}

export type TelegramRepository = ReturnType<typeof createTelegramRepository>;

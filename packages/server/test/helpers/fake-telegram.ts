import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type BotApiCall = { method: string; token: string; body: Record<string, unknown> };

export const FAKE_BOT_USERNAME = 'StockPulseTestBot';
const BOT_ID = 7_000_000_001;

type FakeTelegram = {
  /** TELEGRAM_API_ROOT for the app. */
  url: string;
  calls: BotApiCall[];
  /** The messages the bot sent, in order. */
  sent: () => { chat_id: string; text: string }[];
  /** Queues a private text message from a Telegram user, as getUpdates will deliver it. */
  userSays: (chatId: number, text: string) => number;
  /** An update object as Telegram would send it (for the webhook). */
  textUpdate: (chatId: number, text: string) => Record<string, unknown>;
  /** Chats whose sends answer 403 (the user blocked the bot). */
  blocked: Set<string>;
  /** Chats whose sends answer 500 (a transient failure). */
  failing: Set<string>;
  close: () => Promise<void>;
};

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(text) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * A local HTTP server that speaks the Bot API methods the product uses (getMe, getUpdates,
 * sendMessage, setWebhook, deleteWebhook, close), so grammy runs against it unchanged.
 */
export async function startFakeTelegram(): Promise<FakeTelegram> {
  const calls: BotApiCall[] = [];
  const updates: Record<string, unknown>[] = [];
  let updateId = 100;
  let messageId = 1;
  const blocked = new Set<string>();
  const failing = new Set<string>();
  const waiting = new Set<() => void>();

  const textUpdate = (chatId: number, text: string) => {
    updateId += 1;
    const entities = text.startsWith('/')
      ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }]
      : undefined;
    return {
      update_id: updateId,
      message: {
        message_id: (messageId += 1),
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: 'Ada' },
        from: { id: chatId, is_bot: false, first_name: 'Ada' },
        text,
        ...(entities && { entities }),
      },
    };
  };

  const answer = (method: string, body: Record<string, unknown>): [number, unknown] => {
    switch (method) {
      case 'getMe':
        return [
          200,
          {
            ok: true,
            result: {
              id: BOT_ID,
              is_bot: true,
              first_name: 'StockPulse',
              username: FAKE_BOT_USERNAME,
              can_join_groups: true,
              can_read_all_group_messages: false,
              supports_inline_queries: false,
            },
          },
        ];
      case 'sendMessage': {
        const chat = String(body.chat_id);
        if (blocked.has(chat)) {
          return [
            403,
            { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
          ];
        }
        if (failing.has(chat)) {
          return [500, { ok: false, error_code: 500, description: 'Internal Server Error' }];
        }
        return [
          200,
          {
            ok: true,
            result: {
              message_id: (messageId += 1),
              date: Math.floor(Date.now() / 1000),
              chat: { id: Number(chat) || 0, type: 'private' },
              text: body.text,
            },
          },
        ];
      }
      case 'setWebhook':
      case 'deleteWebhook':
      case 'close':
        return [200, { ok: true, result: true }];
      default:
        return [404, { ok: false, error_code: 404, description: `Not Found: method ${method}` }];
    }
  };

  const sentMessages = () =>
    calls
      .filter((call) => call.method === 'sendMessage')
      .map((call) => ({ chat_id: String(call.body.chat_id), text: String(call.body.text) }));
  const userSays = (chatId: number, text: string) => {
    const update = textUpdate(chatId, text);
    updates.push(update);
    for (const wake of [...waiting]) wake();
    return update.update_id;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      const body = await readJson(request);
      const reply = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      // Inspection for tests in another process (the browser suite): what the bot sent, and
      // a user's message to deliver.
      if (request.url === '/__sent') return reply(200, sentMessages());
      if (request.url === '/__say' && request.method === 'POST') {
        const said = body as { chat_id?: number; text?: string };
        return reply(200, { update_id: userSays(Number(said.chat_id), String(said.text)) });
      }
      if (!match) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = match as unknown as [string, string, string];
      calls.push({ method, token, body });
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        const pending = () => updates.filter((u) => Number(u.update_id) >= offset);
        // A short long-poll: wait for an update or 300 ms.
        if (pending().length === 0 && Number(body.timeout ?? 0) > 0) {
          await new Promise<void>((resolve) => {
            const done = () => {
              waiting.delete(done);
              resolve();
            };
            waiting.add(done);
            setTimeout(done, 300);
          });
        }
        return reply(200, { ok: true, result: pending() });
      }
      const [status, payload] = answer(method, body);
      return reply(status, payload);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sent: sentMessages,
    userSays,
    textUpdate,
    blocked,
    failing,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import type { Financials } from '@app/shared/api/market';
import type { Bot, Context } from 'grammy';
import type { TelegramService } from './telegram.service.ts';
import { isoDay } from '@app/shared/dates';
import { formatPercent, formatPrice } from '@app/shared/display/format';

/** Exchanges tried, in order, for a bare ticker (`/price AAPL`). */
const EXCHANGES = ['NASDAQ', 'NYSE', 'NYSEARCA', 'AMEX'];
const NEWS_SHOWN = 5;

type BriefArticle = { title: string; summary: string | null; link: string; date: Date };

export type TelegramCommandDeps = {
  telegram: TelegramService;
  /** The symbols of the user's default watchlist. */
  watchedSymbols: (userId: string) => Promise<string[]>;
  /** Latest quotes of the known symbols among `symbols`. */
  financials: (symbols: string[]) => Promise<Record<string, Financials>>;
  /** The newest visible articles about a symbol. */
  newsAbout: (symbol: string, limit: number) => Promise<BriefArticle[]>;
  setInstantAlerts: (userId: string, on: boolean) => Promise<void>;
  publicUrl: string;
};

export const HELP_TEXT = [
  'StockPulse bot commands:',
  '/me – the account this chat is linked to',
  '/watchlist – your default watchlist with prices',
  '/price SYMBOL – the latest quote, e.g. /price NASDAQ:AAPL',
  '/news SYMBOL – the latest news about a company',
  '/alerts on|off – instant alerts in this chat',
  '/stop – unlink this chat from your account',
  '/help – this list',
].join('\n');

const NOT_LINKED =
  'This chat is not linked to a StockPulse account. Open your profile on StockPulse and press Register to link it.';

/** One quote line, money as the web prints it: `NASDAQ:AAPL $189.30 (+1.25%)`. */
export function quoteLine(f: Financials): string {
  return `${f.exchange_ticker} ${formatPrice(f.price, f.currency)} (${formatPercent(f.change_pct)})`;
}

/** A symbol as typed (`aapl`, `nasdaq:aapl`) → the candidates to look up. */
export function typedSymbolCandidates(input: string): string[] {
  const symbol = input.trim().toUpperCase();
  if (!/^([A-Z]+:)?[A-Z0-9.^-]{1,20}$/.test(symbol)) return [];
  return symbol.includes(':') ? [symbol] : EXCHANGES.map((exchange) => `${exchange}:${symbol}`);
}

/**
 * The bot's commands, answered through the product's services. A chat that is not linked gets
 * the way to link it; `/start <code>` links it.
 */
export function registerTelegramCommands(bot: Bot, deps: TelegramCommandDeps): void {
  const { telegram } = deps;
  const chatOf = (ctx: Context) => String(ctx.chat?.id ?? '');
  const linkedUser = async (ctx: Context) => {
    const user = await telegram.userOfChat(chatOf(ctx));
    if (!user) await ctx.reply(NOT_LINKED);
    return user;
  };

  async function resolveSymbol(input: string): Promise<Financials | undefined> {
    const candidates = typedSymbolCandidates(input);
    if (candidates.length === 0) return undefined;
    const found = await deps.financials(candidates);
    return candidates.map((symbol) => found[symbol]).find(Boolean);
  }

  bot.command('start', async (ctx) => {
    const code = ctx.match.trim();
    if (!code) {
      const user = await telegram.userOfChat(chatOf(ctx));
      await ctx.reply(
        user ? `This chat is linked to ${user.username}.\n\n${HELP_TEXT}` : NOT_LINKED,
      );
      return;
    }
    const result = await telegram.linkChat(code, chatOf(ctx));
    if (result.state === 'ok') {
      const user = await telegram.userOfChat(chatOf(ctx));
      await ctx.reply(
        `Registered: this chat is linked to your StockPulse account ${user?.username ?? ''}. Alerts will arrive here.\n\n${HELP_TEXT}`,
      );
      return;
    }
    const why = {
      expired: 'This link has expired.',
      used: 'This link was already used.',
      unknown: 'This link is not valid.',
    }[result.state];
    await ctx.reply(`${why} Open your profile on StockPulse and press Register for a new one.`);
  });

  bot.command('help', (ctx) => ctx.reply(HELP_TEXT));

  bot.command('stop', async (ctx) => {
    const unlinked = await telegram.unlinkChat(chatOf(ctx));
    await ctx.reply(
      unlinked
        ? 'Unregistered: this chat is no longer linked to your StockPulse account. Nothing more will be sent here.'
        : 'This chat was not linked to a StockPulse account.',
    );
  });

  bot.command('me', async (ctx) => {
    const user = await linkedUser(ctx);
    if (!user) return;
    await ctx.reply(
      [
        `Account: ${user.username}${user.first_name ? ` (${user.first_name})` : ''}`,
        `Plan: ${user.subscription || 'none'}${user.subscription_status ? ` (${user.subscription_status})` : ''}`,
        `Instant alerts: ${user.my_instant_alerts ? 'on' : 'off'}`,
      ].join('\n'),
    );
  });

  bot.command('watchlist', async (ctx) => {
    const user = await linkedUser(ctx);
    if (!user) return;
    const symbols = await deps.watchedSymbols(user.id);
    if (symbols.length === 0) {
      await ctx.reply(`Your watchlist is empty. Add companies at ${deps.publicUrl}`);
      return;
    }
    const quotes = await deps.financials(symbols);
    const lines = symbols.map((symbol) => {
      const quote = quotes[symbol];
      return quote ? quoteLine(quote) : `${symbol} no quote yet`;
    });
    await ctx.reply(`Your watchlist:\n${lines.join('\n')}`);
  });

  bot.command('price', async (ctx) => {
    if (!(await linkedUser(ctx))) return;
    const input = ctx.match.trim();
    if (!input) {
      await ctx.reply('Usage: /price SYMBOL, e.g. /price NASDAQ:AAPL');
      return;
    }
    const quote = await resolveSymbol(input);
    await ctx.reply(quote ? quoteLine(quote) : `Unknown symbol '${input}'.`);
  });

  bot.command('news', async (ctx) => {
    if (!(await linkedUser(ctx))) return;
    const input = ctx.match.trim();
    if (!input) {
      await ctx.reply('Usage: /news SYMBOL, e.g. /news NASDAQ:AAPL');
      return;
    }
    const quote = await resolveSymbol(input);
    if (!quote) {
      await ctx.reply(`Unknown symbol '${input}'.`);
      return;
    }
    const articles = await deps.newsAbout(quote.exchange_ticker, NEWS_SHOWN);
    if (articles.length === 0) {
      await ctx.reply(`No news found for ${quote.exchange_ticker}.`);
      return;
    }
    const lines = articles.map((a) => `• ${isoDay(a.date)} ${a.title}\n${a.link}`);
    await ctx.reply(`Latest news about ${quote.exchange_ticker}:\n\n${lines.join('\n\n')}`);
  });

  bot.command('alerts', async (ctx) => {
    const user = await linkedUser(ctx);
    if (!user) return;
    const choice = ctx.match.trim().toLowerCase();
    if (choice !== 'on' && choice !== 'off') {
      await ctx.reply(
        `Instant alerts are ${user.my_instant_alerts ? 'on' : 'off'}. Use /alerts on or /alerts off.`,
      );
      return;
    }
    await deps.setInstantAlerts(user.id, choice === 'on');
    await ctx.reply(`Instant alerts are now ${choice}.`);
  });

  bot
    .chatType('private')
    .on('message:text', (ctx) => ctx.reply(`Sorry, I don't know that command.\n\n${HELP_TEXT}`));
}

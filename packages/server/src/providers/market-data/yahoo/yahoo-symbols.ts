import { joinSymbol, splitSymbol } from '@app/shared/symbols';
import { exchangeTickerSchema } from '@app/shared/api/tickers';

/**
 * Our `EXCHANGE:TICKER` symbols ↔ Yahoo Finance symbols. US listings are the bare ticker with
 * Yahoo's `-` for share classes (`NYSE:BRK.B` ↔ `BRK-B`); other exchanges carry Yahoo's suffix
 * (`LSE:BARC` ↔ `BARC.L`).
 */

/** Yahoo's suffix for each exchange we can map; US exchanges have none. */
const SUFFIX_BY_EXCHANGE: Readonly<Record<string, string>> = {
  NASDAQ: '',
  NYSE: '',
  NYSEARCA: '',
  NYSEAMERICAN: '',
  AMEX: '',
  BATS: '',
  LSE: '.L',
  TSX: '.TO',
  TSXV: '.V',
  XETRA: '.DE',
  FWB: '.F',
  EPA: '.PA',
  AMS: '.AS',
  SIX: '.SW',
  ASX: '.AX',
  HKEX: '.HK',
  TSE: '.T',
  MIL: '.MI',
  BME: '.MC',
  NSE: '.NS',
};

/**
 * Yahoo's exchange codes (`exchange` of quotes and search hits) and the names some responses use
 * instead (`fullExchangeName`, chart `exchangeName`) → our exchange.
 */
const EXCHANGE_BY_YAHOO_CODE: Readonly<Record<string, string>> = {
  NMS: 'NASDAQ',
  NGM: 'NASDAQ',
  NCM: 'NASDAQ',
  NAS: 'NASDAQ',
  NASDAQ: 'NASDAQ',
  NASDAQGS: 'NASDAQ',
  NASDAQGM: 'NASDAQ',
  NASDAQCM: 'NASDAQ',
  NYQ: 'NYSE',
  NYSE: 'NYSE',
  PCX: 'NYSEARCA',
  NYSEARCA: 'NYSEARCA',
  ASE: 'NYSEAMERICAN',
  'NYSE AMERICAN': 'NYSEAMERICAN',
  BTS: 'BATS',
  BATS: 'BATS',
  'CBOE US': 'BATS',
  LSE: 'LSE',
  TOR: 'TSX',
  VAN: 'TSXV',
  GER: 'XETRA',
  XETRA: 'XETRA',
  FRA: 'FWB',
  PAR: 'EPA',
  AMS: 'AMS',
  EBS: 'SIX',
  ASX: 'ASX',
  HKG: 'HKEX',
  JPX: 'TSE',
  MIL: 'MIL',
  MCE: 'BME',
  NSI: 'NSE',
};

const YAHOO_TICKER = /^[A-Z0-9][A-Z0-9-]{0,14}$/;

/** Splits a valid `EXCHANGE:TICKER` (any case, surrounding blanks allowed); null when malformed. */
export function parseSymbol(symbol: string): { exchange: string; ticker: string } | null {
  const parsed = exchangeTickerSchema.safeParse(symbol);
  if (!parsed.success) return null;
  return splitSymbol(parsed.data);
}

/** The Yahoo symbol for one of ours (`NYSE:BRK.B` → `BRK-B`), or null for an exchange we cannot map. */
export function toYahooSymbol(symbol: string): string | null {
  const parsed = parseSymbol(symbol);
  if (!parsed) return null;
  const suffix = SUFFIX_BY_EXCHANGE[parsed.exchange];
  if (suffix === undefined) return null;
  return `${parsed.ticker.replaceAll('.', '-')}${suffix}`;
}

/** Our exchange for a Yahoo exchange code or exchange name (`NMS`, `NasdaqGS`, `PCX`), or null. */
export function exchangeFromYahoo(code: string | undefined): string | null {
  if (!code) return null;
  return EXCHANGE_BY_YAHOO_CODE[code.trim().toUpperCase()] ?? null;
}

/**
 * Our `EXCHANGE:TICKER` for a Yahoo symbol listed on the given Yahoo exchange
 * (`BRK-B` on `NYQ` → `NYSE:BRK.B`); null for exchanges, or symbols such as indices (`^GSPC`)
 * and currencies (`EURUSD=X`), that we cannot map.
 */
export function fromYahooSymbol(
  yahooSymbol: string,
  yahooExchange: string | undefined,
): string | null {
  const exchange = exchangeFromYahoo(yahooExchange);
  if (!exchange) return null;
  const suffix = SUFFIX_BY_EXCHANGE[exchange] ?? '';
  let ticker = yahooSymbol.trim().toUpperCase();
  if (suffix !== '') {
    if (!ticker.endsWith(suffix)) return null;
    ticker = ticker.slice(0, -suffix.length);
  }
  if (!YAHOO_TICKER.test(ticker)) return null;
  const ours = `${exchange}:${ticker.replaceAll('-', '.')}`;
  return parseSymbol(ours) ? ours : null;
}

/**
 * The listings of `symbols` that Yahoo can name, each Yahoo symbol once: ours as
 * `EXCHANGE:TICKER` (upper-cased, trimmed) with Yahoo's. Malformed or unmappable symbols are left out.
 */
export function yahooListings(
  symbols: readonly string[],
): { symbol: string; yahooSymbol: string }[] {
  const seen = new Set<string>();
  const out: { symbol: string; yahooSymbol: string }[] = [];
  for (const symbol of symbols) {
    const parsed = parseSymbol(symbol);
    const yahooSymbol = toYahooSymbol(symbol);
    if (!parsed || !yahooSymbol || seen.has(yahooSymbol)) continue;
    seen.add(yahooSymbol);
    out.push({ symbol: joinSymbol(parsed.exchange, parsed.ticker), yahooSymbol });
  }
  return out;
}

import { describe, expect, it } from 'vitest';
import { exchangeFromYahoo, fromYahooSymbol, parseSymbol, toYahooSymbol } from './yahoo-symbols.ts';

describe('symbols between our EXCHANGE:TICKER form and Yahoo', () => {
  it('uses the bare ticker for US listings, with "-" for share classes', () => {
    expect(toYahooSymbol('NASDAQ:AAPL')).toBe('AAPL');
    expect(toYahooSymbol(' nyse:brk.b ')).toBe('BRK-B');
    expect(toYahooSymbol('NYSEARCA:SPY')).toBe('SPY');
    expect(toYahooSymbol('NYSEAMERICAN:IMO')).toBe('IMO');
    expect(toYahooSymbol('AMEX:IMO')).toBe('IMO');
  });

  it("adds Yahoo's suffix for the other exchanges it knows", () => {
    expect(toYahooSymbol('LSE:BARC')).toBe('BARC.L');
    expect(toYahooSymbol('LSE:BT.A')).toBe('BT-A.L');
    expect(toYahooSymbol('TSX:RY')).toBe('RY.TO');
    expect(toYahooSymbol('XETRA:SAP')).toBe('SAP.DE');
    expect(toYahooSymbol('HKEX:0700')).toBe('0700.HK');
  });

  it('refuses exchanges it cannot map and malformed symbols', () => {
    expect(toYahooSymbol('OTC:TCEHY')).toBeNull();
    expect(toYahooSymbol('AAPL')).toBeNull();
    expect(toYahooSymbol('NASDAQ:')).toBeNull();
    expect(toYahooSymbol('NASDAQ:^GSPC')).toBeNull();
    expect(parseSymbol('nasdaq:aapl')).toEqual({ exchange: 'NASDAQ', ticker: 'AAPL' });
  });

  it("reads Yahoo's exchange codes and names", () => {
    for (const code of ['NMS', 'NGM', 'NCM', 'NASDAQ', 'NasdaqGS']) {
      expect(exchangeFromYahoo(code)).toBe('NASDAQ');
    }
    expect(exchangeFromYahoo('NYQ')).toBe('NYSE');
    expect(exchangeFromYahoo('PCX')).toBe('NYSEARCA');
    expect(exchangeFromYahoo('NYSEArca')).toBe('NYSEARCA');
    expect(exchangeFromYahoo('ASE')).toBe('NYSEAMERICAN');
    expect(exchangeFromYahoo('BTS')).toBe('BATS');
    expect(exchangeFromYahoo('MEX')).toBeNull();
    expect(exchangeFromYahoo(undefined)).toBeNull();
  });

  it('maps Yahoo symbols back, dropping what has no EXCHANGE:TICKER form', () => {
    expect(fromYahooSymbol('AAPL', 'NMS')).toBe('NASDAQ:AAPL');
    expect(fromYahooSymbol('BRK-B', 'NYQ')).toBe('NYSE:BRK.B');
    expect(fromYahooSymbol('BARC.L', 'LSE')).toBe('LSE:BARC');
    expect(fromYahooSymbol('APC.DE', 'GER')).toBe('XETRA:APC');
    expect(fromYahooSymbol('AAPL.MX', 'MEX')).toBeNull();
    expect(fromYahooSymbol('^GSPC', 'SNP')).toBeNull();
    expect(fromYahooSymbol('EURUSD=X', 'CCY')).toBeNull();
    // A listing whose suffix does not match its exchange is not guessed at.
    expect(fromYahooSymbol('BARC', 'LSE')).toBeNull();
  });

  it('round-trips every mapped symbol', () => {
    const cases: [string, string][] = [
      ['NASDAQ:AAPL', 'NMS'],
      ['NYSE:BRK.B', 'NYQ'],
      ['NYSEARCA:SPY', 'PCX'],
      ['LSE:BT.A', 'LSE'],
      ['TSX:RY', 'TOR'],
      ['HKEX:0700', 'HKG'],
    ];
    for (const [symbol, code] of cases) {
      expect(fromYahooSymbol(toYahooSymbol(symbol)!, code)).toBe(symbol);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../../demo/companies.ts';
import { companyAliases, createTickerLinker, type LinkerCompany } from './ticker-linker.ts';

const companies: LinkerCompany[] = loadDemoCompanies().map((company) => ({
  company_name: company.name,
  exchange_tickers: [company.symbol],
}));
const linker = createTickerLinker(companies);
const related = (text: string) => linker.link(text).related_exchange_tickers;

describe('company aliases', () => {
  it('drops legal suffixes, a leading "The" and share-class notes', () => {
    expect(companyAliases('Apple Inc.').map((a) => a.join(' '))).toEqual(['Apple Inc', 'Apple']);
    expect(companyAliases('The Walt Disney Company').map((a) => a.join(' '))).toContain(
      'Walt Disney',
    );
    expect(companyAliases('Seagate Technology Holdings plc').map((a) => a.join(' '))).toEqual([
      'Seagate Technology Holdings plc',
      'Seagate Technology Holdings',
      'Seagate Technology',
      'Seagate',
    ]);
    expect(companyAliases('Alphabet Inc. (Class A)').map((a) => a.join(' '))).toContain('Alphabet');
    expect(companyAliases('Merck & Co., Inc.').map((a) => a.join(' '))).toContain('Merck');
  });
});

describe('ticker linker', () => {
  it('links companies by full name and by short alias', () => {
    expect(related('Microsoft Corporation raised its dividend.')).toEqual(['NASDAQ:MSFT']);
    expect(related('Shares of Cisco rose after Salesforce and Merck reported.')).toEqual([
      'NASDAQ:CSCO',
      'NYSE:CRM',
      'NYSE:MRK',
    ]);
    expect(related('JPMorgan Chase and Bank of America led banks higher')).toEqual([
      'NYSE:JPM',
      'NYSE:BAC',
    ]);
  });

  it('links cashtags and exchange tickers, including class shares', () => {
    expect(related('Watching $NVDA and $BRK.B today')).toEqual(['NASDAQ:NVDA', 'NYSE:BRK.B']);
    expect(related('Listed as NASDAQ:AAPL and (NYSE: KO).')).toEqual(['NASDAQ:AAPL', 'NYSE:KO']);
    const links = linker.link('Traders bought $TSLA.');
    expect(links.named_exchange_tickers).toEqual(['NASDAQ:TSLA']);
    expect(links.NER).toEqual([{ name: 'Tesla, Inc.', tickers: ['NASDAQ:TSLA'] }]);
  });

  it('links bare tickers of three letters or more only in capitals', () => {
    expect(related('NVDA and AMZN rallied')).toEqual(['NASDAQ:NVDA', 'NASDAQ:AMZN']);
    expect(related('nvda rallied')).toEqual([]);
  });

  it('groups share classes of one company into one entity', () => {
    const links = linker.link('Alphabet beat estimates.');
    expect(links.NER).toEqual([
      { name: 'Alphabet Inc.', tickers: ['NASDAQ:GOOGL', 'NASDAQ:GOOG'] },
    ]);
  });

  it('needs context for short or ambiguous tickers', () => {
    expect(related('Prices went ON and ON; IT is ALL about NOW.')).toEqual([]);
    expect(related('A rally in C and T names')).toEqual([]);
    expect(related('Gartner (IT) and ServiceNow (NOW) beat')).toEqual(['NYSE:IT', 'NYSE:NOW']);
    expect(related('Options on $ON and NASDAQ:ON jumped')).toEqual(['NASDAQ:ON']);
    expect(related('Buy $T, sell $F')).toEqual(['NYSE:T', 'NYSE:F']);
    expect(related('Dow (NYSE: DOW) cut jobs')).toEqual(['NYSE:DOW']);
  });

  it('does not link ordinary words, the Dow or the Nasdaq index', () => {
    expect(related('Analysts lifted the price target; the apple harvest was good.')).toEqual([]);
    expect(related('The Dow and the Nasdaq Composite closed higher as the CEO spoke.')).toEqual([]);
    expect(related('A block trade hit the shell of the market.')).toEqual([]);
    expect(related('Target shares fell after Target (TGT) cut its outlook')).toEqual(['NYSE:TGT']);
    expect(related('Fed official John Williams spoke on rates.')).toEqual([]);
  });

  it('keeps well-known short names only as written', () => {
    expect(related('HP and BP rose; 3M fell.')).toEqual(['NYSE:HPQ', 'NYSE:BP', 'NYSE:MMM']);
    expect(related('the car had 300 hp and a bp reading')).toEqual([]);
  });

  // Its speed is measured by bench/news (linking throughput), not asserted here: timings on a
  // shared machine are noise.
  it('links 1,000 wire-length articles against the whole company list', () => {
    // About 330 words, like a short wire story.
    const article = (
      'Apple and Microsoft led gains while $NVDA slipped; NYSE:JPM and Exxon Mobil rose. ' +
      'Analysts at Goldman Sachs raised their price target on Amazon, citing cloud demand, ' +
      'while the Dow and the Nasdaq Composite closed higher on a quiet day of trading. '
    ).repeat(8);
    let links = 0;
    for (let i = 0; i < 1000; i += 1) links += linker.link(`${article} ${i}`).NER.length;
    expect(companies.length).toBeGreaterThan(650);
    expect(links).toBe(7000);
  });

  it('links any text to known listings only, without throwing', () => {
    const known = new Set(companies.flatMap((company) => company.exchange_tickers));
    const words = fc.constantFrom(
      'Apple',
      '$',
      'NASDAQ',
      ':',
      'ON',
      '(',
      ')',
      'IT',
      'Dow',
      '.',
      'B',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(words, fc.string()), { maxLength: 40 }), (parts) => {
        const links = linker.link(parts.join(' '));
        for (const ticker of links.related_exchange_tickers) expect(known.has(ticker)).toBe(true);
        const fromEntities = links.NER.flatMap((entity) => entity.tickers);
        expect(new Set(fromEntities)).toEqual(new Set(links.related_exchange_tickers));
      }),
      { numRuns: 300 },
    );
  });
});

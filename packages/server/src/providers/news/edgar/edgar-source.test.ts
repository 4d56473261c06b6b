import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgarSource, readableCompanyName } from './edgar-source.ts';
import { filingItems, headlineItem } from './form-8k-items.ts';

const FIXTURE = new URL('./fixtures/edgar-current-8k.xml', import.meta.url);
const USER_AGENT = 'StockPulse test ops@stockpulse.example';

describe('the SEC EDGAR current 8-K filings source', () => {
  let server: Server;
  let baseUrl: string;
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  beforeAll(async () => {
    const atom = await readFile(FIXTURE);
    server = createServer((req, res) => {
      requests.push({ url: req.url ?? '', headers: req.headers });
      if (req.url?.startsWith('/cgi-bin/browse-edgar?')) {
        // EDGAR answers Atom in ISO-8859-1.
        res.writeHead(200, { 'content-type': 'application/atom+xml' });
        res.end(atom);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks for the current 8-K Atom feed once, with the User-Agent SEC requires', async () => {
    const source = createEdgarSource({ baseUrl, userAgent: USER_AGENT, timeoutMs: 2_000 });
    await source.fetch();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers['user-agent']).toBe(USER_AGENT);
    const query = new URL(requests[0]?.url ?? '', baseUrl).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      action: 'getcurrent',
      type: '8-K',
      count: '100',
      output: 'atom',
    });
    expect(source.name).toBe('edgar');
    expect(source.fullText).toBe(false);
  });

  it('turns each filing into a readable article named after its main item', async () => {
    const items = await createEdgarSource({
      baseUrl,
      userAgent: USER_AGENT,
      timeoutMs: 2_000,
    }).fetch();
    expect(items.map((item) => item.title)).toEqual([
      'Apple Inc. files 8-K: Results of Operations and Financial Condition (Item 2.02)',
      'Microsoft Corp files 8-K: Departure or Appointment of Directors or Certain Officers (Item 5.02)',
      'Nvidia Corp files 8-K: Other Events (Item 8.01)',
      'Jpmorgan Chase & Co files 8-K/A: Submission of Matters to a Vote of Security Holders (Item 5.07)',
      'Target Corp files 8-K: Entry into a Material Definitive Agreement (Item 1.01)',
      'Blue Harbor Acquisition Corp. II files 8-K: Notice of Delisting or Failure to Satisfy a Continued Listing Rule (Item 3.01)',
      'Meridian Lithium Holdings Ltd files 8-K12B',
    ]);
    const apple = items[0];
    expect(apple).toMatchObject({
      guid: 'urn:tag:sec.gov,2008:accession-number=0000320193-26-000112',
      link: 'https://www.sec.gov/Archives/edgar/data/320193/000032019326000112/0000320193-26-000112-index.htm',
      publisher: 'SEC EDGAR',
      sourceTitle: 'SEC EDGAR current filings',
    });
    expect(apple?.publishedAt).toEqual(new Date('2026-11-20T21:30:42Z'));
    expect(apple?.description).toBe(
      'Apple Inc. (CIK 0000320193) filed a Form 8-K current report with the SEC on 2026-11-20, ' +
        'reporting Item 2.02: Results of Operations and Financial Condition; Item 9.01: Financial Statements and Exhibits.',
    );
    expect(apple?.content).toContain('Accession number 0000320193-26-000112.');
  });

  it('fails with the HTTP status when EDGAR refuses the request', async () => {
    const source = createEdgarSource({
      baseUrl: `${baseUrl}/elsewhere`,
      userAgent: USER_AGENT,
      timeoutMs: 2_000,
    });
    await expect(source.fetch()).rejects.toThrow(/answered HTTP 404/);
  });
});

describe('8-K items and EDGAR names', () => {
  it('maps item numbers to their names and picks the headline item', () => {
    const items = filingItems(
      'Item 7.01: Regulation FD\nItem 2.02\nItem 9.01: Exhibits\nItem 2.02',
    );
    expect(items).toEqual([
      { number: '7.01', name: 'Regulation FD Disclosure' },
      { number: '2.02', name: 'Results of Operations and Financial Condition' },
      { number: '9.01', name: 'Financial Statements and Exhibits' },
    ]);
    expect(headlineItem(items)?.number).toBe('2.02');
    expect(headlineItem(filingItems('Item 7.01 Item 9.01'))?.number).toBe('7.01');
    expect(filingItems('Item 10.01: Something new')).toEqual([
      { number: '10.01', name: 'Something new' },
    ]);
  });

  it('writes conformed capital names the way a headline would', () => {
    expect(readableCompanyName('MICROSOFT CORP')).toBe('Microsoft Corp');
    expect(readableCompanyName('AT&T INC.')).toBe('AT&T Inc.');
    expect(readableCompanyName('CVS HEALTH CORP')).toBe('CVS Health Corp');
    expect(readableCompanyName('Apple Inc.')).toBe('Apple Inc.');
  });
});

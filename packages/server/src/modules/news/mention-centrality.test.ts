import { describe, expect, it } from 'vitest';
import { mentionCentrality, MIN_CENTRALITY, namedInTitle } from './mention-centrality.ts';

const freeport = { companyName: 'Freeport-McMoRan Inc.', companyTickers: ['NYSE:FCX'] };

describe('how central a company is to an article', () => {
  it('is 1 for an article about the company alone', () => {
    const title = 'Freeport-McMoRan raises its copper output forecast';
    expect(mentionCentrality({ title, related: ['NYSE:FCX'], ...freeport })).toBe(1);
  });

  it('is nothing for a movers list that names the company fifth', () => {
    const related = ['NASDAQ:LAMR', 'NYSE:MFC', 'NASDAQ:ALGN', 'NASDAQ:WMT', 'NYSE:FCX'];
    const title = "Lamar Advertising soars 11% to lead the day's gainers";
    expect(mentionCentrality({ title, related, ...freeport })).toBe(0);
  });

  it("keeps a list's leader, named in its title, at a reduced weight", () => {
    const related = ['NYSE:FCX', 'NYSE:MFC', 'NASDAQ:ALGN', 'NASDAQ:WMT', 'NASDAQ:LAMR'];
    const title = "Freeport-McMoRan soars 11% to lead the day's gainers";
    const centrality = mentionCentrality({ title, related, ...freeport });
    expect(centrality).toBeGreaterThanOrEqual(MIN_CENTRALITY);
    expect(centrality).toBeLessThan(0.5);
  });

  it('halves for a second company in the title, and less when only in the text', () => {
    const exxon = { companyName: 'Exxon Mobil Corporation', companyTickers: ['NYSE:XOM'] };
    const related = ['NYSE:CVX', 'NYSE:XOM'];
    expect(
      mentionCentrality({ title: 'Chevron and Exxon Mobil raise output', related, ...exxon }),
    ).toBeCloseTo(2 / 3);
    expect(mentionCentrality({ title: 'Chevron raises output', related, ...exxon })).toBeCloseTo(
      0.4 / 1.5,
    );
  });

  it('finds a company in a title by its short name, first word or ticker', () => {
    expect(namedInTitle('Exxon beats estimates', 'Exxon Mobil Corporation', ['NYSE:XOM'])).toBe(
      true,
    );
    expect(namedInTitle('XOM slides 3%', 'Exxon Mobil Corporation', ['NYSE:XOM'])).toBe(true);
    expect(namedInTitle('Oil majors slide', 'Exxon Mobil Corporation', ['NYSE:XOM'])).toBe(false);
  });
});

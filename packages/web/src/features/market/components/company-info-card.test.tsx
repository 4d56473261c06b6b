import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, success } from '../../../../test/api-stub';
import { CompanyInfoCard } from './company-info-card';
import { companySummary, websiteLink } from './company-text';
import { DemoDataBadge } from './demo-data-badge';
import { tickerPath } from '../../../lib/ticker-path';
import { makeCompany } from '../../../../test/fixtures/companies';
import { makeFinancials } from '../../../../test/fixtures/market';
import { renderInRouter } from '../../../../test/render';

describe('CompanyInfoCard', () => {
  it('shows the company, its sector, website, summary and demo price, and links to its page', async () => {
    const api = stubApi({
      'GET /api/company/query': success({
        companies: [
          makeCompany('NASDAQ:AMD', {
            company_name: 'Advanced Micro Devices, Inc.',
            gics_sub_industry: 'Semiconductors',
            website: 'https://www.amd.com',
            long_business_summary: 'Designs CPUs and GPUs.',
          }),
        ],
      }),
      'GET /api/company/financials/get/NASDAQ:AMD': success({
        exchange_tickers: ['NASDAQ:AMD'],
        financials: {
          'NASDAQ:AMD': makeFinancials('NASDAQ:AMD', {
            price: 1234.5,
            change: -12.345,
            change_pct: -0.9912,
          }),
        },
      }),
    });
    renderInRouter(<CompanyInfoCard symbol="NASDAQ:AMD" />);

    const card = await screen.findByRole('region', { name: 'Advanced Micro Devices, Inc.' });
    expect(within(card).getByText('NASDAQ:AMD')).toBeTruthy();
    expect(within(card).getByText('Information Technology · Semiconductors')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /amd\.com/ })
        .getAttribute('href'),
    ).toBe('https://www.amd.com/');
    expect(within(card).getByText('Designs CPUs and GPUs.')).toBeTruthy();
    expect(await within(card).findByText('$1,234.50')).toBeTruthy();
    expect(within(card).getByText('-12.35')).toBeTruthy();
    expect(within(card).getByText('-0.99%')).toBeTruthy();
    expect(within(card).getByText('Demo data')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: 'Open the Advanced Micro Devices, Inc. page' })
        .getAttribute('href'),
    ).toBe('/ticker/NASDAQ:AMD');
    expect(api.callsTo('GET /api/company/query')[0]?.search.get('exchange_tickers')).toBe(
      'NASDAQ:AMD',
    );
  });

  it("says 'Company not found' for an unknown symbol", async () => {
    stubApi({
      'GET /api/company/query': success({ companies: [] }),
      'GET /api/company/financials/get/NYSE:NOPE': success({
        exchange_tickers: [],
        financials: {},
      }),
    });
    renderInRouter(<CompanyInfoCard symbol="NYSE:NOPE" />);
    expect(await screen.findByText('Company not found')).toBeTruthy();
  });
});

describe('DemoDataBadge', () => {
  it("shows 'Demo data' only for demo prices", () => {
    const { rerender } = renderInRouter(<DemoDataBadge source="demo" />);
    expect(screen.getByText('Demo data')).toBeTruthy();
    rerender(<DemoDataBadge source="yahoo" />);
    expect(screen.queryByText('Demo data')).toBeNull();
  });
});

describe('company text helpers', () => {
  it('falls back from the business summary to the AI summary and the first tool summary', () => {
    const tools = [{ function: { arguments: JSON.stringify({ summary: 'From the tool.' }) } }];
    expect(companySummary({ long_business_summary: 'Own.', ai_summary: 'AI.', tools })).toBe(
      'Own.',
    );
    expect(companySummary({ long_business_summary: '', ai_summary: 'AI.', tools })).toBe('AI.');
    expect(companySummary({ long_business_summary: ' ', ai_summary: null, tools })).toBe(
      'From the tool.',
    );
    expect(companySummary({ long_business_summary: '', ai_summary: null, tools: [] })).toBe('');
  });

  it('makes safe website links and ticker paths', () => {
    expect(websiteLink('www.apple.com')).toEqual({
      href: 'https://www.apple.com/',
      host: 'apple.com',
    });
    expect(websiteLink('javascript:alert(1)')).toBeNull();
    expect(websiteLink('')).toBeNull();
    expect(tickerPath('nyse:brk.b')).toBe('/ticker/NYSE:BRK.B');
  });
});

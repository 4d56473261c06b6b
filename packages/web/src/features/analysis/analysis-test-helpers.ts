import type { CompanyAnalysis } from '@app/shared/api/analysis';
import type { Company } from '@app/shared/api/companies';
import { success } from '../../../test/api-stub';
import { makeCompany } from '../market/market-test-helpers';

let counter = 0;

/** An analysis as /company/latest_prompts answers it, about `company`. */
export function makeAnalysis(
  company: Company,
  overrides: Partial<CompanyAnalysis> = {},
): CompanyAnalysis {
  counter += 1;
  return {
    id: `analysis-${String(counter)}`,
    company_id: company.id,
    ai_summary: `## Bullish view\n\n${company.company_name} looks strong [1].`,
    ai_upload_date: Math.floor(Date.now() / 1000) - 2 * 3600,
    last_visited_date: null,
    sentiment_score: 4,
    provider: 'offline',
    citations: [
      {
        id: `news-${String(counter)}`,
        title: 'Chip maker beats estimates',
        link: 'https://publisher.example/story',
        publisher: 'Reuters',
        creation_date: Math.floor(Date.now() / 1000) - 5 * 3600,
      },
    ],
    ...overrides,
  };
}

/** `count` companies (NASDAQ:T1 …), each with one analysis, newest first. */
export function makeLatestAnalyses(count: number) {
  const companies = Array.from({ length: count }, (_, index) =>
    makeCompany(`NASDAQ:T${String(index + 1)}`, { company_name: `Company ${String(index + 1)}` }),
  );
  const analyses = companies.map((company) => makeAnalysis(company));
  return { companies, analyses };
}

/** The envelope of both analysis endpoints. */
export function analysesBody(news: CompanyAnalysis[], companies: Company[]) {
  return success({ news, companies });
}

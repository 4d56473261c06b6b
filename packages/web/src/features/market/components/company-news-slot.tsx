import { CompanyNewsTimeline } from '../../news/components/company-news-timeline';

/** Spec §2 company page "news timeline": the news of `symbol` (GET /news/company/{symbol}). */
export function CompanyNewsSlot({ symbol }: { symbol: string }) {
  return <CompanyNewsTimeline symbol={symbol} />;
}

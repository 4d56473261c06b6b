/**
 * SLOT FOR THE NEWS ISSUE: the company page renders this where its news timeline belongs
 * (spec §2 company page "news timeline"; §7 GET /news/company/{symbol}). It renders nothing
 * until the news feature replaces the body with the timeline of `symbol`.
 */
export function CompanyNewsSlot(_props: { symbol: string }) {
  return null;
}

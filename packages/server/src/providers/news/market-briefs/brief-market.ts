import type { BriefQuote } from './brief-writer.ts';

/** The latest trading day's quotes, one listing per company, with 52-week and volume figures. */
export type BriefMarket = {
  /** The New York calendar day of the latest quotes, `YYYY-MM-DD`. */
  day: string;
  /** 16:00 New York on that day: when its session closes. */
  closesAt: Date;
  quotes: BriefQuote[];
  /** Companies with a listing: how many quotes a complete refresh would give. */
  companies: number;
};

/** One article as a source delivers it, before ticker linking and storage. */
export type RawNewsItem = {
  /** The source's stable id of the item (RSS guid, Atom id); the link when it has none. */
  guid: string;
  link: string;
  title: string;
  /** Plain text teaser (HTML stripped). */
  description: string;
  /** Plain text of the full article when the feed carries it, else empty. */
  content: string;
  /** Normalised publisher name (`Reuters`, `MarketWatch` …); empty when unknown. */
  publisher: string;
  /** The date the source gives the item; null when it gives none or none that can be read. */
  publishedAt: Date | null;
  /** Title of the feed the item came from. */
  sourceTitle: string;
  /**
   * A sentiment score (−10 … 10) the writer computed from the figures it reports (our market
   * briefs); the analyst's sentiment follows it instead of reading the words.
   */
  sentimentHint?: number;
};

/** A provider of news articles (an RSS/Atom feed, the bundled demo wire …). */
export type NewsSource = {
  /** Stored with each article as `source`. */
  name: string;
  /**
   * Whether its links lead to article pages worth fetching for their full text (feeds, Yahoo);
   * absent or false for the bundled wire (fictitious links), our own briefs and EDGAR filings.
   */
  fullText?: boolean;
  fetch(): Promise<RawNewsItem[]>;
};

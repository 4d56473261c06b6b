/**
 * The terms the offline analyst explains. Explanations carry no figures (a made-up example
 * number would be an invented number); `hook` names the context data that can illustrate them.
 */
export type GlossaryHook =
  'high52' | 'low52' | 'range' | 'volatility' | 'year' | 'sector' | 'sentiment' | 'defcon' | 'none';

export interface GlossaryEntry {
  term: string;
  pattern: RegExp;
  text: string;
  hook: GlossaryHook;
}

const entry = (
  term: string,
  pattern: RegExp,
  text: string,
  hook: GlossaryHook = 'none',
): GlossaryEntry => ({
  term,
  pattern,
  text,
  hook,
});

export const GLOSSARY: readonly GlossaryEntry[] = [
  entry(
    'P/E ratio',
    /\bp\s*\/\s*e\b|\bpe ratio\b|price[- ]to[- ]earnings|\bp\/e ratio\b/i,
    'The price-to-earnings ratio divides the share price by the earnings per share of the last (or next) twelve months: it says how many dollars investors pay for each dollar of yearly profit. A high P/E prices in growth; a low one can mean value or trouble, so compare it with the company’s own history and its peers.',
  ),
  entry(
    'market cap',
    /\bmarket cap(?:itali[sz]ation)?\b|\bmarket value\b/i,
    'Market capitalisation is the share price times the number of shares outstanding: what the market values the whole company at. It sorts companies into large, mid and small caps; it is not the same as what the business would fetch in a sale, which adds debt and a premium.',
  ),
  entry(
    'dividend yield',
    /\bdividend yield\b|\byield\b(?! curve)/i,
    'The dividend yield is the yearly dividend per share divided by the share price. It rises when the price falls, so a very high yield can signal that the market doubts the dividend will last.',
  ),
  entry(
    '52-week high',
    /\b52[- ]week high\b|\byearly high\b/i,
    'The 52-week high is the highest closing price of the last year. A stock at or near it has momentum behind it, and much of the good news is usually already in the price.',
    'high52',
  ),
  entry(
    '52-week low',
    /\b52[- ]week low\b|\byearly low\b/i,
    'The 52-week low is the lowest closing price of the last year. Value investors look there for bargains; the risk is a business whose troubles are real.',
    'low52',
  ),
  entry(
    'moat',
    /\bmoats?\b|\beconomic moat\b|\bcompetitive advantage\b/i,
    'A moat is a durable competitive advantage that protects a company’s profits from rivals: a brand, network effects, switching costs, scale or patents. Warren Buffett looks for wide moats that can last for decades.',
  ),
  entry(
    'margin of safety',
    /\bmargin of safety\b/i,
    'The margin of safety is the gap between what a share is worth and the price paid for it, so that a mistake in the estimate does not turn into a loss. Benjamin Graham made it the central idea of value investing.',
    'range',
  ),
  entry(
    'diversification',
    /\bdiversif(?:y|ied|ication)\b/i,
    'Diversification spreads money across holdings whose fortunes do not move together (sectors, regions, asset classes), so that one loss cannot sink the whole portfolio. Owning many stocks of the same sector diversifies less than it seems.',
    'sector',
  ),
  entry(
    'risk parity',
    /\brisk parity\b/i,
    'Risk parity balances a portfolio by risk rather than by money: each holding or asset class gets a weight that makes its contribution to the portfolio’s swings about equal, so calmer assets get more capital and volatile ones less. Ray Dalio’s All Weather portfolio is the best-known example.',
    'volatility',
  ),
  entry(
    'volatility',
    /\bvolatil(?:e|ity)\b/i,
    'Volatility measures how much a price swings, usually as the standard deviation of its returns. Higher volatility means wider swings both ways, not necessarily a worse investment.',
    'volatility',
  ),
  entry(
    'EPS',
    /\beps\b|\bearnings per share\b/i,
    'Earnings per share is the company’s net profit divided by its number of shares. Markets compare reported EPS with analysts’ estimates: a beat or a miss often moves the price more than the number itself.',
  ),
  entry(
    'guidance',
    /\bguidance\b/i,
    'Guidance is what management says it expects for coming quarters: revenue, earnings or margins. Raising or cutting it often moves a stock more than the results just reported.',
  ),
  entry(
    'short interest',
    /\bshort interest\b|\bshort selling\b|\bshorting\b|\bshort squeeze\b/i,
    'Short interest is the number of shares sold short (borrowed and sold by investors betting on a fall), often shown as a share of the float or in days of trading. High short interest shows doubt, and can fuel a squeeze when the price rises.',
  ),
  entry(
    'beta',
    /\bbeta\b/i,
    'Beta measures how much a stock tends to move with the market: above one it amplifies the market’s moves, below one it dampens them.',
    'volatility',
  ),
  entry(
    'drawdown',
    /\bdraw ?downs?\b/i,
    'A drawdown is the fall from a peak to a later low. The distance from the 52-week high is a simple measure of the current one.',
    'high52',
  ),
  entry(
    'bull and bear market',
    /\bbull(?:ish)? market\b|\bbear(?:ish)? market\b|\bbullish\b|\bbearish\b/i,
    'A bull market is a long stretch of rising prices and optimism; a bear market a long stretch of falling prices, often defined as a fall of a fifth from the peak. Bullish and bearish describe the same moods for one stock or one piece of news.',
    'sentiment',
  ),
  entry(
    'sentiment score',
    /\bsentiment(?: score)?\b/i,
    'Our sentiment score rates how good or bad an article is for the company’s shareholders, from strongly bearish (negative) to strongly bullish (positive), with zero for neutral.',
    'sentiment',
  ),
  entry(
    'defcon level',
    /\bdefcon\b/i,
    'Our defcon level rates how material a piece of news is: level one could move the price now, level five is noise. The defcon feed lists the most material items.',
    'defcon',
  ),
  entry(
    'ETF',
    /\betfs?\b|\bexchange[- ]traded funds?\b|\bindex funds?\b/i,
    'An exchange-traded fund holds a basket of securities (often an index) and trades on an exchange like a share. Index funds and ETFs give cheap diversification.',
  ),
  entry(
    'dollar-cost averaging',
    /\bdollar[- ]cost averaging\b|\bdca\b/i,
    'Dollar-cost averaging invests the same amount at regular intervals whatever the price, so more shares are bought when prices are low; it removes the need to time the market.',
  ),
  entry(
    'book value',
    /\bbook value\b|\bprice[- ]to[- ]book\b|\bp\s*\/\s*b\b/i,
    'Book value is the company’s assets minus its liabilities as its balance sheet records them; the price-to-book ratio compares the market value with it. Graham favoured stocks priced near their book value.',
  ),
  entry(
    'free cash flow',
    /\bfree cash flow\b|\bfcf\b/i,
    'Free cash flow is the cash a business generates after the investment needed to keep it running: what is left for dividends, buybacks, debt reduction or growth.',
  ),
  entry(
    'buyback',
    /\bbuy ?backs?\b|\bshare repurchases?\b/i,
    'A buyback is a company repurchasing its own shares, which spreads its earnings over fewer shares; it returns cash to shareholders like a dividend, but only to those who do not sell.',
  ),
  entry(
    'stock split',
    /\bstock splits?\b|\bshare splits?\b/i,
    'A stock split divides each share into several cheaper ones; the company’s value and each holder’s stake do not change.',
  ),
  entry(
    'IPO',
    /\bipos?\b|\binitial public offering\b/i,
    'An initial public offering is the first sale of a company’s shares to the public, after which they trade on an exchange.',
  ),
  entry(
    'price target',
    /\bprice targets?\b|\banalyst ratings?\b|\bupgrades?\b|\bdowngrades?\b/i,
    'A price target is the price an analyst expects a stock to reach, usually within a year; with the rating (buy, hold, sell) it summarises the analyst’s view. Changes to them are news; their track record is mixed.',
  ),
  entry(
    'interest rates',
    /\binterest rates?\b|\brate (?:cut|hike)s?\b|\bcentral bank\b/i,
    'Central banks set short-term interest rates to steer inflation and employment. Higher rates make future profits worth less today, which weighs most on growth stocks, and raise borrowing costs.',
  ),
  entry(
    'liquidity',
    /\bliquidity\b|\bliquid\b/i,
    'Liquidity is how easily an asset can be bought or sold without moving its price: large, heavily traded shares are liquid; small ones can be costly to trade.',
  ),
];

/** The glossary entries a text names, most specific first. */
export function glossaryTerms(text: string): GlossaryEntry[] {
  return GLOSSARY.filter((e) => e.pattern.test(text));
}

export const isGlossaryTerm = (text: string): boolean => glossaryTerms(text).length > 0;

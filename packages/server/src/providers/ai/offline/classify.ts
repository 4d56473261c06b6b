/**
 * Rule-based article classification and materiality (defcon) scoring. Each category has keyword
 * patterns; title hits count double. Defcon starts from the category's usual materiality and is
 * moved by severe events (level 1), material events (level 2) and routine wording (one level up).
 */
import type { ArticleClassification, DefconLevel, DefconOutcome } from '../ai-provider.ts';

interface Rule {
  category: ArticleClassification;
  re: RegExp;
  weight: number;
}

const RULES: Rule[] = [
  {
    category: 'Company Results',
    re: /\b(?:quarterly|quarter|q[1-4]|full-year|annual|fiscal)\b[^.]{0,40}\b(?:results|revenue|sales|earnings|profit|loss|output|deliveries)\b|\b(?:beats?|beating|misses|missed|tops|topped|fails? to meet|smash\w*)\b[^.]{0,40}\b(?:estimates|forecasts?|expectations|consensus|targets|guidance)\b|\b(?:net income|earnings per share|a share|comparable-store|same-store|net loss|swings? to|restat\w*|guidance|outlook)\b/g,
    weight: 1.5,
  },
  {
    category: 'Earnings Preview',
    re: /\b(?:preview|to report|set to report|will (?:report|release|publish)|expected to (?:report|post)|to (?:announce|publish) \w+ (?:quarter )?(?:results|earnings)|earnings (?:due|week|season)|what to expect|scheduled to report|reports? (?:on|after|before) (?:the|monday|tuesday|wednesday|thursday|friday)|earnings call|on deck|heads into earnings|kick off earnings|analysts (?:expect|anticipate|forecast)|brace for|schedules?\b)/g,
    weight: 2.5,
  },
  {
    category: 'Mergers and Acquisitions',
    re: /\b(?:acquir\w*|acquisition|mergers?|merge|buyout|takeover|to buy|agree\w* to buy|buys|all-stock|all-share|tender offer|spin-?off|divest\w*|sale of (?:its|the)|to sell (?:its|the)|to be acquired|break fee|merger of equals|split into)\b/g,
    weight: 2,
  },
  {
    category: 'Analyst Recommendation',
    re: /\b(?:upgrad\w*|downgrad\w*|price target|target (?:to|on|price)|initiat\w* coverage|coverage of|reiterat\w*|outperform|underperform|overweight|underweight|equal[- ]weight|top picks?|analysts? at|brokerages?|(?:buy|sell|hold|neutral) rating|fairly valued|initiated at|cut to|raised to)\b/g,
    weight: 2,
  },
  {
    category: 'Lawsuit',
    re: /\b(?:lawsuits?|sued?|sues|suing|class[- ]action|jury|verdict|judge|court|settles?|settled|settlement|litigation|patent (?:case|dispute|infringement|litigation)|plaintiffs?|appeals? court|appeal)\b/g,
    weight: 2,
  },
  {
    category: 'Regulatory Update',
    re: /\b(?:fda|sec|ftc|faa|fcc|epa|regulators?|regulatory|antitrust|european commission|justice department|commerce department|treasury department|approv\w*|permits?|licen[cs]es?|rules?|fined?|fines|consent order|recall\w*|probe\w*|investigation|designation|securities and exchange commission|food and drug administration|emissions limits|medicare)\b/g,
    weight: 1.5,
  },
  {
    category: 'Central Bank Policy',
    re: /\b(?:fed|federal reserve|central bank|ecb|bank of (?:england|japan|canada)|rate cuts?|rate hikes?|interest rates?|basis points|monetary policy|policy rate|deposit rate|cash rate|overnight rate|reserve requirement|fomc|runoff|norges bank|reserve bank|swiss national bank|jackson hole|policymakers|borrowing costs)\b/g,
    weight: 2,
  },
  {
    category: 'Dividend News',
    re: /\b(?:dividends?|payouts?|ex-dividend|dividend yields?)\b/g,
    weight: 3,
  },
  {
    category: 'IPO News',
    re: /\b(?:ipos?|initial public offering|debut|new listings?|listings|go(?:es|ing)? public|spac|blank-check|lock-up|offering price|offer price|priced (?:its|at)|oversubscribed|price range|registration statement|begins? trading|first day of trading)\b/g,
    weight: 3,
  },
  {
    category: 'Insider Trading Report',
    re: /\b(?:form 4|insiders?|(?:directors?|ceo|cfo|chairman|founder|president|executives?|chief executive|chief financial officer|board members)\s(?:\w+\s)?(?:sells?|sold|buys?|bought|purchased|adds|exercis\w*|gifts|dumped|reports)|10b5-1|trading plan|filings? show\w*|raises stake|stake to|open-market|insider trading)\b/g,
    weight: 2.5,
  },
  {
    category: 'Market News',
    re: /\b(?:stocks|s&p 500|dow(?: jones)?|nasdaq(?: composite)?|wall street|futures|treasury yields?|\d+-year treasury|bitcoin|gold prices?|oil prices|crude|brent|dollar|nikkei|hang seng|stoxx|vix|fear gauge|russell 2000|msci|halted|correction|record close|trading session|market debut)\b/g,
    weight: 1,
  },
  {
    category: 'Sector Analysis',
    re: /\b(?:sector|industry|(?:bank|chip|airline|energy|homebuilder|retail|utility|defen[cs]e|biotech|software|semiconductor|auto|insurer|miner|reit|transport|telecom|luxury|solar|wind|gold miner|health insurer)s? (?:stocks|shares|sector|companies|makers|contractors)|reits|peers|carmakers|drugmakers|across the)\b/g,
    weight: 1.5,
  },
  {
    category: 'Economic Report',
    re: /\b(?:gdp|gross domestic product|economy|jobs|payrolls|unemployment|jobless claims|consumer price|cpi|producer price|retail sales|ism|pmi|manufacturing|housing starts|durable goods|consumer confidence|trade deficit|personal spending|recession|economists?|exports|eurostat|economic calendar|annualised|annualized)\b/g,
    weight: 1.5,
  },
  {
    category: 'Opinion/Editorial',
    re: /\b(?:opinion|column|columnist|commentary|editorial|my take|i think|i believe|in my view|in my opinion|i'm|why i|reasons i|argues?|the case for|bull case|bear case|letter to|i would)\b|^(?:is|why|how|should)\b/g,
    weight: 3,
  },
];

/** Scores below this fall back to `Other`. */
const MIN_SCORE = 2;

function hits(re: RegExp, text: string): number {
  return Math.min(3, text.match(re)?.length ?? 0);
}

/** Picks the category with the highest keyword score (title hits count double). */
export function classifyArticle(title: string, body: string): ArticleClassification {
  const t = title.toLowerCase();
  const b = body.slice(0, 2_000).toLowerCase();
  let best: ArticleClassification = 'Other';
  let bestScore = MIN_SCORE - 1e-9;
  for (const rule of RULES) {
    const score = rule.weight * (2 * hits(rule.re, t) + hits(rule.re, b));
    if (score > bestScore) {
      best = rule.category;
      bestScore = score;
    }
  }
  return best;
}

const BASE_DEFCON: Record<ArticleClassification, DefconLevel> = {
  'Company Results': 3,
  'Earnings Preview': 4,
  'Mergers and Acquisitions': 2,
  'Analyst Recommendation': 3,
  Lawsuit: 4,
  'Regulatory Update': 3,
  'Central Bank Policy': 3,
  'Dividend News': 4,
  'IPO News': 4,
  'Insider Trading Report': 4,
  'Market News': 4,
  'Sector Analysis': 4,
  'Economic Report': 4,
  'Opinion/Editorial': 5,
  Other: 4,
};

/** Events that can move the price now: bankruptcy, fraud, trading halts, seizures. */
const SEVERE =
  /\b(?:chapter (?:11|7)|bankrupt\w*|insolven\w*|going concern|(?:charge[sd]?|accus\w*|indict\w*|discover\w*|uncover\w*|admit\w*|found)[^.]{0,80}fraud|fraud\w*[^.]{0,30}(?:charges?|discovered|uncovered|scheme)|(?:trading|shares?)\s(?:\w+\s){0,4}(?:halted|suspended)|halts? (?:trading|\w+ after)|halted trading|delist\w*|seiz\w*|took control|run on deposits|indicted|ponzi)\b/;
/**
 * Material events: guidance changes, big deals, major regulatory decisions, dividend cuts, a chief
 * executive's abrupt exit.
 */
const MATERIAL =
  /\b(?:(?:raise[sd]?|lift\w*|cut|cuts|lower\w*|slash\w*)\s(?:its\s)?(?:full-year |annual )?(?:guidance|outlook|forecast|revenue forecast|earnings outlook|production guidance)|\$\d+(?:\.\d+)? billion|billion euros|fda (?:approv\w*|declined|rejects?)|approved [\w' ]{0,40}(?:treatment|drug)|(?:suspend\w*|halv\w*|scrap\w*|eliminat\w*) (?:its |the )?(?:quarterly )?dividend|dividend (?:by half|cut)|cuts? dividend|sue to block|block the|grounds?|consent order|revoked|phase 3|met the main goal|export licen[cs]e|half (?:a )?(?:percentage )?point|50 basis points|negative rates|recession signal|opens? (?:an )?investigation|wildfire|takeover bid|merger talks|unsolicited|double the consensus|smash\w*|(?:stock|shares) (?:soar|jump|plung|sank|sink)\w* \d{2,}%|(?:ceo|chief executive)\w*\s(?:\w+\s){0,2}(?:steps? down|stepped down|resign\w*|quits?|departs?|leaves)\s(?:\w+\s)?(?:abruptly|unexpectedly|effective immediately)|ousts? (?:its )?(?:ceo|chief executive))/;
/** Routine wording: schedules, regular declarations, unchanged figures. */
const ROUTINE =
  /\b(?:declare[sd]? (?:a |its )?(?:regular|quarterly)|regular quarterly|schedul\w*|will (?:release|hold|host)|conference call|webcast|ex-dividend|in line with|reaffirm\w*|unchanged|maintain\w*|to cover taxes|previously announced|under a (?:pre-arranged|previously adopted)|little changed|quiet trading|closed (?:on )?(?:thursday|for)|nudged)\b/;

/** Materiality of an article: 1 (could move the price now) … 5 (noise). */
export function defconLevel(
  classification: ArticleClassification,
  title: string,
  body: string,
  sentimentScore: number,
): DefconLevel {
  const text = `${title}\n${body.slice(0, 2_000)}`.toLowerCase();
  if (SEVERE.test(text)) return 1;
  let level: number = BASE_DEFCON[classification];
  if (MATERIAL.test(text)) level = Math.min(level, 2);
  else if (ROUTINE.test(text)) level = Math.min(5, level + 1);
  else if (Math.abs(sentimentScore) >= 7 && level > 2) level -= 1;
  return Math.max(1, Math.min(5, level)) as DefconLevel;
}

/** `positive` unless the sentiment is bearish. */
export function defconOutcome(sentimentScore: number): DefconOutcome {
  return sentimentScore < 0 ? 'negative' : 'positive';
}

/** 0–10: material, strongly-toned articles about named companies are the most interesting. */
export function interestScore(
  level: DefconLevel,
  sentimentScore: number,
  tickerCount: number,
): number {
  const base = [0, 9, 7, 5, 3, 1][level] ?? 3;
  const score = base + Math.round(Math.abs(sentimentScore) / 4) + (tickerCount > 0 ? 1 : 0);
  return Math.max(0, Math.min(10, score));
}

/**
 * Rare, high-materiality company events on days the demo prices make a large move: a trading
 * halt, a chief executive's abrupt exit, a regulator's investigation, an unsolicited takeover
 * bid. The bidders and the agencies' inquiries are fictitious.
 */
import { exchangeOf } from '@app/shared/symbols';
import { marketValue } from './company-figures.ts';
import type { CompanyDay } from './newsroom-prices.ts';
import {
  named,
  pct,
  pick,
  storyRandom,
  usd,
  usdAmount,
  weekday,
  type StoryKind,
  type StoryText,
} from './story-text.ts';

export type EventKind = Extract<StoryKind, 'halt' | 'ceo-exit' | 'probe' | 'takeover-bid'>;

const BIDDERS = [
  'Harborview Capital Partners',
  'Granite Peak Holdings',
  'Ashford Lane Capital',
  'a consortium of private equity firms',
] as const;

const INQUIRIES: Record<string, readonly [string, string][]> = {
  'Health Care': [
    ['the Food and Drug Administration', 'manufacturing practices at two of its plants'],
    ['the Justice Department', 'its billing practices'],
  ],
  Financials: [
    ['the Securities and Exchange Commission', 'how it valued some of its assets'],
    ['the Consumer Financial Protection Bureau', 'its lending practices'],
  ],
  Energy: [['the Environmental Protection Agency', 'emissions reporting at its facilities']],
  Utilities: [['the Federal Energy Regulatory Commission', 'its role in recent power outages']],
};
const GENERAL_INQUIRIES: readonly [string, string][] = [
  ['the Securities and Exchange Commission', 'its revenue recognition'],
  ['the Justice Department', 'its sales practices'],
  ['the Federal Trade Commission', 'its pricing practices'],
];

/** The story of an event of `kind` on the session `today`. */
export function writeEvent(today: CompanyDay, kind: EventKind): StoryText {
  const { company } = today;
  const random = storyRandom(kind, company.symbol, today.day);
  const who = company.short;
  const exchange = exchangeOf(company.symbol) || 'NYSE';
  const previous = `The stock closed at ${usd(today.previousClose)} in the previous session.`;
  const up = today.changePct >= 0;
  switch (kind) {
    case 'halt': {
      const minutes = 5 + Math.floor(random.next() * 40);
      const title = pick(random, [
        `Trading in ${who} shares halted pending news`,
        `${who} shares halted on the ${exchange} after a sharp ${up ? 'jump' : 'drop'}`,
        `${exchange} halts trading in ${who} after volatile swings`,
        `${who} trading suspended as shares ${up ? 'surge' : 'plunge'}`,
      ]);
      return {
        title,
        description: `Trading in ${named(company)} shares was halted on ${weekday(today.day)} pending news after the stock ${up ? 'surged' : 'plunged'} in a matter of minutes. Trading resumed ${minutes} minutes later.`,
        body: ['The company did not immediately comment on the move.', previous],
        direction: up ? 1 : -1,
      };
    }
    case 'ceo-exit': {
      const title = pick(random, [
        `${who} shares slide as CEO steps down effective immediately`,
        `${who} chief executive resigns abruptly; shares fall`,
        `${who} shares drop as chief executive departs unexpectedly`,
        `${who} ousts chief executive after board review; stock falls`,
      ]);
      return {
        title,
        description: `${named(company)} said its chief executive officer had stepped down effective immediately and that the board had named its chief financial officer interim CEO while it searches for a successor.`,
        body: [
          'The company gave no reason for the abrupt departure, and the shares fell sharply after the announcement.',
          previous,
        ],
        direction: -1,
      };
    }
    case 'probe': {
      const [agency, topic] = pick(random, [
        ...(INQUIRIES[company.sector] ?? []),
        ...GENERAL_INQUIRIES,
      ] as [[string, string], ...[string, string][]]);
      const body = agency.replace(/^the /, '');
      // Every headline says the agency "opens (an) investigation": the analyst's material wording.
      const title = pick(random, [
        `Regulators open an investigation into ${who} over ${topic}`,
        `${who} shares slide as ${body} opens investigation`,
        `${who} discloses probe as ${body} opens an investigation`,
        `${who} says ${body} opens an investigation into ${topic}`,
      ]);
      return {
        title,
        description: `${named(company)} said on ${weekday(today.day)} that ${agency} had opened an investigation into ${topic}, and that it is cooperating fully with the inquiry.`,
        body: [
          'The company said it could not predict the outcome or estimate any potential penalties.',
          previous,
        ],
        direction: -1,
      };
    }
    case 'takeover-bid': {
      const bidder = pick(random, BIDDERS);
      const premium = 0.22 + 0.15 * random.next();
      const offer = today.previousClose * (1 + premium);
      const value = marketValue(company, today.previousClose) * (1 + premium);
      const title = pick(random, [
        `${who} receives unsolicited takeover bid valuing it at ${usdAmount(value)}`,
        `${who} shares jump on ${usd(offer)}-a-share buyout offer`,
        `${bidder.replace(/^a /, 'A ')} makes ${usdAmount(value)} takeover bid for ${who}`,
        `${who} confirms unsolicited takeover approach from ${bidder}`,
      ]);
      return {
        title,
        description: `${named(company)} said it had received an unsolicited offer from ${bidder} to buy the company for ${usd(offer)} a share in cash, a ${pct(premium * 100)}% premium to its previous close, valuing it at about ${usdAmount(value)}.`,
        body: [
          'The board said it would review the proposal with its advisers and had not decided whether to engage.',
          previous,
        ],
        direction: 1,
      };
    }
  }
}

/*
 * The vocabulary of `sentiment-figures.ts`: the measures whose rise is good or bad news, the
 * words that say up or down, and the words that negate, end a clause, compare or are skipped.
 */

/** A measure whose rise is good news, bad news, or unknown. */
export type MeasureKind = 'good' | 'bad' | 'other';

export const GOOD = new Set(
  (
    'profit profits earnings sales revenue revenues turnover income ebit ebitda ebita eps margin ' +
    'margins result results orders order intake backlog dividend dividends cash flow ' +
    'deliveries shipments volume volumes traffic passengers output production demand price prices ' +
    'share shares stock value profitability customers subscribers bookings occupancy capacity ' +
    'productivity efficiency rating target jobs employees staff workforce personnel headcount ' +
    'market exports savings liquidity solvency equity return returns yield growth ' +
    'pre-tax pretax operating net'
  ).split(' '),
);
/** Words that make a GOOD word above a measure only with a measure word next to them. */
export const QUALIFIERS = new Set(['pre-tax', 'pretax', 'operating', 'net', 'market', 'share']);
export const BAD = new Set(
  (
    'loss losses cost costs expenses expense debt gearing unemployment layoffs redundancies ' +
    'impairment impairments write-down write-downs writedown writedowns charges provisions ' +
    'inventories churn defaults deficit arrears delinquencies absence claims complaints defects ' +
    'delays vacancy scrap downtime shrinkage wastage cost-to-income burn absenteeism leverage ' +
    'outflows'
  ).split(' '),
);

export const UP_INTRANSITIVE =
  /^(?:rose|rise|rises|rising|risen|grew|grow|grows|growing|grown|climb\w*|jump\w*|surg\w*|soar\w*|gain\w*|deepen\w*|rebound\w*|recover\w*|doubled|tripled|up|higher|widen\w*|expanded|increas\w*|improv\w*|strengthen\w*|boost\w*|rais\w*|lift\w*|raise|grew|peaked|topped|exceed\w*|accelerat\w*|better|stronger|larger|bigger|more)$/;
export const DOWN_INTRANSITIVE =
  /^(?:deteriorat\w*|worsen\w*|fell|fall|falls|falling|fallen|declin\w*|decreas\w*|drop\w*|slid|slide\w*|sliding|slump\w*|plung\w*|tumbl\w*|sank|sink\w*|shrank|shrink\w*|shrunk|contract\w*|dipped|dip|dips|eas\w*|down|lower\w*|narrow\w*|weaken\w*|deteriorat\w*|halved|reduc\w*|cut|cuts|cutting|slash\w*|trim\w*|worse|weaker|smaller|less|fewer|lost|erod\w*|eliminat\w*)$/;
/** Words that take their measure after them ("cut 120 jobs", "higher sales", "increase in"). */
export const FORWARD_FIRST =
  /^(?:increas\w*|decreas\w*|improv\w*|reduc\w*|cut|cuts|cutting|slash\w*|trim\w*|boost\w*|rais\w*|lift\w*|raise|lower\w*|higher|better|stronger|weaker|worse|larger|smaller|bigger|more|less|fewer|grow\w*|growth|declin\w*|drop|rise|fall|eliminat\w*|doubled|halved|strengthen\w*|weaken\w*|expand\w*|widen\w*|narrow\w*|record)$/;
/** Words that judge rather than measure: "gearing improved" is good whatever gearing is. */
export const JUDGING_UP = /^(?:improv\w*|strengthen\w*|recover\w*|better|stronger)$/;
export const JUDGING_DOWN = /^(?:deteriorat\w*|weaken\w*|worsen\w*|worse|weaker)$/;
export const NEGATORS = new Set([
  'not',
  'no',
  'never',
  "didn't",
  "doesn't",
  "wasn't",
  'without',
  'nor',
]);
export const CLAUSE_ENDS = new Set([
  ';',
  '.',
  ':',
  'while',
  'whereas',
  'but',
  'although',
  'however',
]);
export const COMPARATORS = new Set(['compared', 'versus', 'vs', 'against', 'after']);
export const SKIP_FORWARD = new Set([
  'its',
  'the',
  'their',
  'our',
  'his',
  'her',
  'a',
  'an',
  'in',
  'of',
  'total',
  'group',
  "group's",
  "company's",
  'annual',
  'quarterly',
  'full-year',
  'comparable',
  'consolidated',
  'by',
  'about',
  'some',
  'around',
  'approximately',
  'nearly',
  'almost',
  'over',
  'to',
]);

/** Whether `text` (followed by `next`) names a good or a bad measure. */
export function kindOf(text: string, next: string): MeasureKind | undefined {
  if (BAD.has(text)) return 'bad';
  if (text === 'loss-making') return 'bad';
  if (QUALIFIERS.has(text)) {
    if (BAD.has(next)) return 'bad';
    return GOOD.has(next) ? 'good' : undefined;
  }
  return GOOD.has(text) ? 'good' : undefined;
}

/**
 * Words after a verb of change that start its reason ("decreased by EUR 3 mn as a result of"):
 * the measure the verb takes is not looked for past them.
 */
export const REASONS = new Set(['as', 'because', 'due', 'thanks', 'following', 'despite']);

/** Words that start an aside about a measure: "profit before impairment charges". */
export const ASIDES = new Set(['before', 'excluding', 'including', 'ex', 'less']);

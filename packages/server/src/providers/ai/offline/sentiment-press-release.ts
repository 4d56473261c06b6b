/**
 * Our own labelled sentences in the style of company results and press releases, for training
 * (and, for the held-out part, validating) the offline sentiment model. Two sources, both written
 * by us and free to ship:
 *
 * - `eval/press-release-sentences.csv`: hand-written and hand-labelled sentences (`text,label,
 *   split`); `split` is `train`, `holdout` or `holdout-b`, and the trainer reads `train` only.
 * - {@link generatedPressReleaseSentences}: sentences composed from templates — a measure (net
 *   sales, operating profit, the loss, costs …), a direction and figures written the ways reports
 *   write them ("rose to X from Y", "X (Y)", "compared with", "from X to Y", "increased by") — each
 *   labelled by rule (a good measure up or a bad one down is bullish), plus neutral statements of
 *   figures without a comparison. Deterministic (seeded), used for training only.
 */
import { readFileSync } from 'node:fs';
import { parseCsv } from './csv.ts';
import type { LabelledText } from './finance-sentiment-data.ts';
import { MODEL_LABELS, type ModelLabel } from './sentiment-model.ts';
import { seeded } from './sentiment-training.ts';

/**
 * `train` is trained on; `holdout` (written with the training sentences, paired styles) and
 * `holdout-b` (written after the model, about 60 % neutral like real releases) never are.
 */
export type PressReleaseSplit = 'train' | 'holdout' | 'holdout-b';

const PRESS_RELEASE_FILE = new URL('./eval/press-release-sentences.csv', import.meta.url);

/**
 * `eval/announcement-sentences.csv`: hand-written and hand-labelled sentences in the style of
 * company announcements (European and US), wire reports and market commentary, about 45 %
 * neutral. Written in runs of related sentences (the same fact rising, falling and merely
 * stated); the `holdout` fifth is every fifth run of ten rows, so a sentence and its nearest
 * siblings mostly share a split.
 */
const ANNOUNCEMENT_FILE = new URL('./eval/announcement-sentences.csv', import.meta.url);

/** Splits of the announcement sentences: `holdout` is never trained on. */
export type AnnouncementSplit = 'train' | 'holdout';

/** The hand-labelled announcement sentences of one split. */
export function readAnnouncementSentences(split: AnnouncementSplit): LabelledText[] {
  return readLabelledCsv(ANNOUNCEMENT_FILE, split);
}

/**
 * `eval/mild-direction-sentences.csv`: hand-written and hand-labelled announcement sentences of
 * mild directions ("edged up", "improved", "increased its stake", "won a contract", "expanded",
 * "+3%") with their plainly stated and opposite siblings, 39 % neutral. The `holdout` fifth is
 * every fifth run of ten rows, as in the announcement sentences.
 */
const MILD_DIRECTION_FILE = new URL('./eval/mild-direction-sentences.csv', import.meta.url);

/** The hand-labelled mild-direction sentences of one split (`holdout` is never trained on). */
export function readMildDirectionSentences(split: AnnouncementSplit): LabelledText[] {
  return readLabelledCsv(MILD_DIRECTION_FILE, split);
}

/** The hand-labelled press-release sentences of one split. */
export function readPressReleaseSentences(split: PressReleaseSplit): LabelledText[] {
  return readLabelledCsv(PRESS_RELEASE_FILE, split);
}

function readLabelledCsv(file: URL, split: string): LabelledText[] {
  const rows = parseCsv(readFileSync(file, 'utf8'));
  const labels: readonly string[] = MODEL_LABELS;
  const out: LabelledText[] = [];
  for (const [text, label, rowSplit] of rows.slice(1)) {
    if (text && label && labels.includes(label) && rowSplit === split) {
      out.push({ text, label: label as ModelLabel });
    }
  }
  return out;
}

const COMPANIES = [
  'The company',
  'The group',
  'Kallio Industries',
  'Nordhavn Oyj',
  'Selva Group',
  'Brightmoor plc',
  'Varen AB',
  'Oak Harbour Holdings',
  'Tiller Systems',
  'Aurinko Energy',
  'Hollins Logistics',
  'Mistral Foods',
];
const GOOD_MEASURES = [
  'net sales',
  'operating profit',
  'revenue',
  'pre-tax profit',
  'net profit',
  'order intake',
  'turnover',
  'EBITDA',
  'earnings per share',
  'the order backlog',
  'comparable sales',
  'profit for the period',
  'operating income',
  'gross margin',
  'operating margin',
  'cash flow from operations',
  'sales volumes',
  'deliveries',
];
const BAD_MEASURES = [
  'the loss',
  'the loss for the period',
  'the operating loss',
  'the net loss',
  'the pre-tax loss',
  'costs',
  'fixed costs',
  'net debt',
  'operating expenses',
  'loan losses',
];
const PERIODS = [
  'in the third quarter',
  'in January-June',
  'for the full year',
  'in the review period',
  'in the first half',
  'in 2025',
  'in the fourth quarter',
  '',
];
const BASES = [
  'a year earlier',
  'in the corresponding period of 2024',
  'in the previous year',
  'a year ago',
  'in the same period last year',
];
const UP_VERBS = ['rose', 'increased', 'grew', 'climbed', 'improved', 'went up', 'jumped'];
const DOWN_VERBS = ['fell', 'decreased', 'declined', 'dropped', 'went down', 'slipped'];
const LOSS_UP = ['widened', 'increased', 'grew', 'deepened'];
const LOSS_DOWN = ['narrowed', 'decreased', 'shrank', 'was reduced'];
const CURRENCIES = ['EUR', 'USD', 'SEK', '$', 'EUR'];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function amount(random: () => number, currency: string, value: number, pct: boolean): string {
  if (pct) return `${value.toFixed(1)} %`;
  const scale = value >= 1000 ? 'bn' : 'mn';
  const v = value >= 1000 ? (value / 1000).toFixed(2) : value.toFixed(1);
  const word = scale === 'bn' ? 'billion' : 'million';
  if (currency === '$') return `$${v} ${random() < 0.5 ? word : scale}`;
  return `${currency} ${v} ${random() < 0.3 ? word : scale}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Template sentences with rule labels (training only). */
export function generatedPressReleaseSentences(count = 600, seed = 17): LabelledText[] {
  const random = seeded(seed);
  const out: LabelledText[] = [];
  for (let n = 0; n < count; n++) {
    const company = pick(random, COMPANIES);
    const bad = random() < 0.3;
    const measure = pick(random, bad ? BAD_MEASURES : GOOD_MEASURES);
    const isPct = /margin/.test(measure);
    const currency = pick(random, CURRENCIES);
    const period = pick(random, PERIODS);
    const base = pick(random, BASES);
    const old = isPct ? 2 + random() * 15 : 1 + random() * 400;
    const up = random() < 0.5;
    const change = 0.05 + random() * 0.45;
    const next = up ? old * (1 + change) : old * (1 - change);
    const A = amount(random, currency, old, isPct);
    const B = amount(random, currency, next, isPct);
    const pctChange = `${(change * 100).toFixed(0)} %`;
    const subject = /^the /.test(measure)
      ? capitalise(measure)
      : pick(random, [capitalise(measure), `${company}'s ${measure}`, `Group ${measure}`]);
    const verb = bad
      ? pick(random, up ? LOSS_UP : LOSS_DOWN)
      : pick(random, up ? UP_VERBS : DOWN_VERBS);
    const polarity = (up ? 1 : -1) * (bad ? -1 : 1);
    const label: ModelLabel = polarity > 0 ? 'bullish' : 'bearish';
    const p = period ? ` ${period}` : '';
    const template = Math.floor(random() * 11);
    let text: string;
    switch (template) {
      case 0:
        text = `${subject}${p} ${verb} to ${B} from ${A}.`;
        break;
      case 1:
        text = `${subject} was ${B}${p}, compared with ${A} ${base}.`;
        break;
      case 2:
        text = `${subject}${p} was ${B} (${A}).`;
        break;
      case 3:
        text = `${subject} ${verb} from ${A} to ${B}${p}.`;
        break;
      case 4:
        text = `${subject}${p} ${verb} by ${pctChange} to ${B}.`;
        break;
      case 5:
        text = `${subject} totalled ${B}${p}, ${up ? 'up' : 'down'} from ${A} ${base}.`;
        break;
      case 6:
        text = `${subject}${p} ${verb} ${pctChange} year-on-year.`;
        break;
      case 7:
        text = `${subject} amounted to ${B}${p} against ${A} ${base}.`;
        break;
      case 8:
        text = `${company} said ${measure.replace(/^the /, 'its ')}${p} ${verb}.`;
        break;
      case 9: {
        // A neutral statement of a figure (no comparison, no direction).
        const verbN = pick(random, ['was', 'totalled', 'amounted to', 'stood at', 'came to']);
        out.push({ text: `${subject}${p} ${verbN} ${B}.`, label: 'neutral' });
        continue;
      }
      default: {
        const when = pick(random, ['on 12 February', 'in April', 'next week', 'on 30 October']);
        const what = pick(random, [
          `${company} will publish its ${pick(random, ['interim report', 'financial statements', 'half-year report'])} ${when}.`,
          `${company} will report ${measure.replace(/^the /, 'its ')} ${when}.`,
          `${subject} is reported ${pick(random, ['quarterly', 'in euros', 'by segment'])}.`,
          `${company} has ${Math.round(old * 10)} employees in ${Math.ceil(random() * 30)} countries.`,
          `The value of the ${pick(random, ['order', 'contract', 'deal'])} is ${B}.`,
        ]);
        out.push({ text: what, label: 'neutral' });
        continue;
      }
    }
    out.push({ text, label });
  }
  return out;
}

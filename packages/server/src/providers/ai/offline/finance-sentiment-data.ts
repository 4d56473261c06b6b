/** Reads the labelled finance-headline data set (`text,label`; 0 bearish, 1 bullish, 2 neutral). */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsv } from './csv.ts';
import { MODEL_LABELS, type ModelLabel } from './sentiment-model.ts';

/** One labelled headline. */
export interface LabelledText {
  text: string;
  label: ModelLabel;
}

const CANDIDATE_DIRS = [
  // The shared data folder next to the repository (architecture §7: `../data/finance-sentiment/`).
  new URL('../../../../../../../shared/data/finance-sentiment/', import.meta.url),
  new URL('../../../../../../data/finance-sentiment/', import.meta.url),
];

/** The data directory: `--data <dir>` on the command line, else the first that exists. */
export function financeSentimentDir(argv: readonly string[] = process.argv): string {
  const flag = argv.indexOf('--data');
  const given = flag >= 0 ? argv[flag + 1] : undefined;
  if (given) return given;
  const found = CANDIDATE_DIRS.map((u) => fileURLToPath(u)).find((d) => existsSync(d));
  if (!found) throw new Error('finance-sentiment data not found; pass --data <dir>');
  return found;
}

/** Reads `train.csv` or `valid.csv` from `dir`. */
export function readFinanceSentiment(dir: string, split: 'train' | 'valid'): LabelledText[] {
  const rows = parseCsv(readFileSync(`${dir}/${split}.csv`, 'utf8'));
  const out: LabelledText[] = [];
  for (const [text, label] of rows.slice(1)) {
    const l = MODEL_LABELS[Number(label)];
    if (text !== undefined && l) out.push({ text, label: l });
  }
  return out;
}

import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsvCell, writeCsv } from './csv-writer.ts';

describe('writeCsv', () => {
  it('prefixes text cells that begin a formula, and leaves numbers as numbers', () => {
    expect(writeCsv(['a', 'b', 'c'], [[-5, '-5', '=1+1']])).toBe("a,b,c\r\n-5,'-5,'=1+1\r\n");
    expect(writeCsv(['a'], [['@x'], ['+x'], ['\tx'], ['plain'], [1e-7], [0.1 + 0.2]])).toBe(
      "a\r\n'@x\r\n'+x\r\n\"'\tx\"\r\nplain\r\n1e-7\r\n0.3\r\n",
    );
  });

  it('gives every text cell back through readCsvCell, whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.stringMatching(/^'*[=+\-@\t\r]?.{0,5}$/),
            fc.constantFrom("'", "''=", ' x ', '"'),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        (texts) => {
          const csv = writeCsv(
            texts.map((_, i) => `c${i}`),
            [texts],
          );
          const [, row] = parse(csv, { relax_column_count: true, trim: true });
          expect((row ?? []).map((cell) => readCsvCell(cell))).toEqual(texts);
          for (const cell of row ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        },
      ),
      { seed: 34, numRuns: 300 },
    );
  });
});

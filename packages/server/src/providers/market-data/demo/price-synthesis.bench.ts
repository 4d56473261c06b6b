/**
 * Times the synthesis of 500 symbols × 10 years of daily bars (not a test):
 * `npm exec -- node packages/server/src/providers/market-data/demo/price-synthesis.bench.ts`
 */
import { synthesizeDailyBars } from './price-synthesis.ts';

const SYMBOLS = 500;
const sectors = ['Utilities', 'Information Technology', 'Energy', 'Health Care', undefined];

function run(): { ms: number; bars: number } {
  const start = performance.now();
  let bars = 0;
  for (let i = 0; i < SYMBOLS; i++) {
    bars += synthesizeDailyBars({
      symbol: `NYSE:BENCH${i}`,
      referencePrice: 10 + ((i * 37) % 900),
      sector: sectors[i % sectors.length],
      from: '2016-11-21',
      to: '2026-11-20',
    }).length;
  }
  return { ms: performance.now() - start, bars };
}

const cold = run();
const warm = run();
console.log(
  `${SYMBOLS} symbols × 10 years: ${cold.bars} bars in ${cold.ms.toFixed(0)} ms (first run), ` +
    `${warm.ms.toFixed(0)} ms (second run)`,
);

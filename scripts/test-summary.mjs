// Prints one closing line for the whole `npm test`: unit + integration (Vitest) and browser (Playwright).
import { readFileSync } from 'node:fs';

const read = (file) =>
  JSON.parse(readFileSync(new URL(`../.tmp/${file}`, import.meta.url), 'utf8'));
const vitest = read('vitest.json');
const playwright = read('playwright.json');
const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

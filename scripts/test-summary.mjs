// Prints one closing line for the whole `npm test`: unit + integration (Vitest) and browser (Playwright).
import { readFileSync } from 'node:fs';

const read = (file) =>
  JSON.parse(readFileSync(new URL(`../.tmp/${file}`, import.meta.url), 'utf8'));
const vitest = read('vitest.json');
const playwright = read('playwright.json');
const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
const flaky = [];
const walk = (suite) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      if (test.status === 'flaky') flaky.push(`${spec.file}: ${spec.title}`);
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of playwright.suites) walk(suite);
if (flaky.length > 0)
  console.log(`\nFlaky (failed once, passed on retry):\n  ${flaky.join('\n  ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

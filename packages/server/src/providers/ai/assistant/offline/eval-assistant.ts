/**
 * Measures the offline assistant on the evaluation set (`eval/questions.json`) over the demo data:
 * the share of answers whose every cited number matches its source, the share that answer the
 * question asked, and the time to write one answer for 20 companies with 10 articles each.
 * Run: `npm run eval:assistant [-- --verbose]`.
 */
import { performance } from 'node:perf_hooks';
import { answerOffline } from './offline-assistant.ts';
import { buildDemoData, demoContext } from './eval/demo-context.ts';
import { EVAL_NOW, runEvaluation, scores } from './eval/evaluate.ts';
import { loadDemoCompanies } from '../../../../demo/companies.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function timing(): { ms: number; companies: number; news: number } {
  // The companies the demo newsroom wrote most about: a large, busy portfolio.
  const all = loadDemoCompanies().map((c) => c.symbol);
  const data = buildDemoData(EVAL_NOW, all);
  const busiest = [...data.companies.values()]
    .sort((a, b) => b.news.length - a.news.length)
    .slice(0, 20);
  const context = demoContext(
    data,
    'PORTFOLIO',
    busiest.map((c) => c.exchange_ticker),
  );
  const questions = [
    'Summarise my portfolio',
    'What moved this week and why?',
    'What are the risks?',
    'What should I watch next?',
  ];
  const runs = 200;
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    answerOffline({
      type: i % 4 === 0 ? 'PORTFOLIO' : 'CHAT',
      question: questions[i % questions.length] ?? '',
      persona: null,
      history: [],
      context,
      useMarkdown: true,
      maxTokens: 1_000,
    });
  }
  return {
    ms: (performance.now() - start) / runs,
    companies: context.companies.length,
    news: context.companies.reduce((n, c) => n + c.news.length, 0),
  };
}

function main(): void {
  const verbose = process.argv.includes('--verbose');
  const results = runEvaluation();
  const s = scores(results);
  for (const r of results) {
    const bad = [...r.citationErrors, ...r.topicErrors];
    if (bad.length === 0 && !verbose) continue;
    console.log(
      `#${r.question.id} [${r.question.persona}] ${r.question.question} → ${r.answer.intent ?? '?'}`,
    );
    for (const e of bad) console.log(`    ${e}`);
    if (verbose) console.log(r.answer.text.replace(/^/gm, '    | '));
  }
  console.log(`Evaluation set: ${s.questions} questions over the demo data (eval/questions.json)`);
  console.log(
    `  correct citations (every cited number matches its source)  ${pct(s.correctCitations)}   (target ≥ 95 %)`,
  );
  console.log(
    `  on topic (intent and required facts)                       ${pct(s.onTopic)}   (target ≥ 80 %)`,
  );
  const t = timing();
  console.log(
    `Time per answer: ${t.ms.toFixed(2)} ms for ${t.companies} companies with ${t.news} articles (one core; target < 5 ms)`,
  );
}

main();

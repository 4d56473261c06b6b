// `npm run bench [-- name…] [--seconds=N]`: runs the benchmarks and prints their figures.
import os from 'node:os';
import { runAccountsBench } from './accounts.bench.ts';
import { runAiBench } from './ai.bench.ts';
import { runAlertsBench } from './alerts.bench.ts';
import { runAlertRulesBench } from './alert-rules.bench.ts';
import { runCommentsBench } from './comments.bench.ts';
import { runCoverageBench } from './coverage.ts';
import { runFeedParseBench } from './feed-parse.bench.ts';
import { runHttpBench } from './http.bench.ts';
import { runLighthouseBench } from './lighthouse.bench.ts';
import { runLiveBench } from './live.bench.ts';
import { runMarketBench } from './market.bench.ts';
import { runNewsBench } from './news.bench.ts';
import { runNewsFeedsBench } from './news-feeds.bench.ts';
import { runPortfolioBench } from './portfolio.bench.ts';
import { runScreenerBench } from './screener.bench.ts';
import { runSiteBench } from './site.bench.ts';
import { runStartupBench } from './startup.bench.ts';
import { runTrackRecordBench } from './track-record.bench.ts';

const BENCHES: Record<string, (options: { seconds: number }) => Promise<unknown>> = {
  startup: runStartupBench,
  http: runHttpBench,
  accounts: runAccountsBench,
  market: runMarketBench,
  news: runNewsBench,
  'news-feeds': runNewsFeedsBench,
  ai: runAiBench,
  portfolio: runPortfolioBench,
  lighthouse: runLighthouseBench,
  comments: runCommentsBench,
  'track-record': runTrackRecordBench,
  alerts: runAlertsBench,
  'alert-rules': runAlertRulesBench,
  live: runLiveBench,
  site: runSiteBench,
  screener: runScreenerBench,
  coverage: runCoverageBench,
  'feed-parse': runFeedParseBench,
};

const args = process.argv.slice(2);
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 10);
const names = args.filter((a) => !a.startsWith('--'));
const selected = names.length > 0 ? names : Object.keys(BENCHES);

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
for (const name of selected) {
  const bench = BENCHES[name];
  if (!bench) {
    console.error(`unknown benchmark '${name}': choose from ${Object.keys(BENCHES).join(', ')}`);
    process.exit(1);
  }
  await bench({ seconds });
}

import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/** After each enrichment run: instant alerts for the stories analysed since it started. */
export const fanOutAlertsJob = defineJob({
  name: 'alerts.fan-out',
  payload: JOB_PAYLOADS['alerts.fan-out'],
  retry: { retryLimit: 3, retryDelaySeconds: 10, backoff: true, expireInSeconds: 600 },
  wakeOnSend: true,
  priority: 5,
  handler: async (data, { services, log }) => {
    const result = await services.alerts.fanOut(
      new Date(data.since),
      data.until ? new Date(data.until) : undefined,
    );
    if (result.written > 0) log.info(result, 'instant alerts written');
    // The same stories against users' keyword rules (modules/alert-rules).
    await services.alertRules.evaluateArticles(
      new Date(data.since),
      data.until ? new Date(data.until) : services.clock.now(),
    );
  },
});

/**
 * Sends the due deliveries (woken when rows are written, and every minute for quiet hours that
 * ended and retries whose backoff passed). Rows are claimed with `for update skip locked`, so
 * two workers share the work and never send one row twice.
 */
export const sendAlertsJob = defineJob({
  name: 'alerts.send',
  payload: JOB_PAYLOADS['alerts.send'],
  retry: { retryLimit: 2, retryDelaySeconds: 15, backoff: true, expireInSeconds: 900 },
  wakeOnSend: true,
  priority: 5,
  concurrency: 2,
  schedule: { cron: '* * * * *', data: {} },
  handler: async (_data, { services, log }) => {
    const counts = await services.alerts.sendDue();
    if (counts.sent + counts.skipped + counts.failed + counts.retry > 0)
      log.info(counts, 'deliveries sent');
  },
});

/** Hourly: the daily and weekly digests due in each user's time zone. */
export const writeDigestsJob = defineJob({
  name: 'alerts.digests',
  payload: JOB_PAYLOADS['alerts.digests'],
  retry: { retryLimit: 2, retryDelaySeconds: 120, backoff: true, expireInSeconds: 1_800 },
  schedule: { cron: '5 * * * *', data: {} },
  handler: async (_data, { services, log }) => {
    const { written } = await services.alerts.writeDigests();
    if (written > 0) log.info({ written }, 'digests written');
  },
});

/** Mondays 08:00 UTC: the week's recap to the confirmed newsletter subscribers. */
export const writeInsightsJob = defineJob({
  name: 'alerts.insights',
  payload: JOB_PAYLOADS['alerts.insights'],
  retry: { retryLimit: 2, retryDelaySeconds: 300, backoff: true, expireInSeconds: 1_800 },
  schedule: { cron: '0 8 * * 1', data: {} },
  handler: async (_data, { services, log }) => {
    const { written } = await services.alerts.writeInsights();
    if (written > 0) log.info({ written }, 'weekly insights written');
  },
});

export const alertJobs = [
  fanOutAlertsJob,
  sendAlertsJob,
  writeDigestsJob,
  writeInsightsJob,
] as const;

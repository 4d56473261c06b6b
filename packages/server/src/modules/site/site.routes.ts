import { healthResponseSchema } from '@app/shared/api/health';
import { errorResponseSchema } from '@app/shared/api/envelope';
import { pingDatabase, type Database } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { APP_VERSION } from '../../version.ts';

const startedAt = Date.now();

/** Site-wide routes: health now; sitemap and robots.txt arrive with the admin tools. */
export function siteRoutes(app: ZodApp, deps: { db: Database }) {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async () => {
      await pingDatabase(deps.db);
      return {
        status: 'success' as const,
        database: 'up' as const,
        version: APP_VERSION,
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
      };
    },
  );
}

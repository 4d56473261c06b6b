import { healthResponseSchema, type ProviderSummary } from '@app/shared/api/health';
import { UNREACHABLE_MESSAGE } from '@app/shared/api/envelope';
import { serviceUnavailable } from '../../http/errors.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import { APP_VERSION } from '../../version.ts';

const startedAt = Date.now();

const route = moduleRoutes({ tags: ['site'], errors: errorAnswers() });

/** Site-wide routes: the health check, with the providers this installation runs. */
export function siteRoutes(
  app: ZodApp,
  deps: {
    checkDatabase: () => Promise<void>;
    providers: ProviderSummary;
    testMode: readonly ('payments' | 'market' | 'news')[];
  },
) {
  app.get(
    '/health',
    route({
      access: 'public',
      summary: 'Liveness and database check',
      response: healthResponseSchema,
      errors: errorAnswers(503),
    }),
    async (request) => {
      try {
        await deps.checkDatabase();
      } catch (error) {
        // Whatever the reason (refused, shutting down, timed out), the database cannot serve us.
        request.log.error({ err: error }, 'health: database check failed');
        throw serviceUnavailable(UNREACHABLE_MESSAGE);
      }
      return {
        status: 'success' as const,
        database: 'up' as const,
        version: APP_VERSION,
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
        providers: deps.providers,
        test_mode: [...deps.testMode],
      };
    },
  );
}

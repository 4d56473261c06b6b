import { companiesResponseSchema } from '@app/shared/api/companies';
import { errorResponseSchema } from '@app/shared/api/envelope';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { currentUser } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { JobSender } from '../../jobs/job-catalog.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import { companyQuery } from './company-query.ts';
import type { CompanyService } from './company.service.ts';

/** What the debug views need besides the companies (spec §7 debug links). */
export interface CompanyDebugDeps {
  /** Admins and users with the debug interface may open them. */
  hasDebugInterface: (userId: string) => Promise<boolean>;
  limiter: RateLimiter;
  jobs: JobSender;
}

/** The company debug views: one company as stored, and a queued refresh of its prices. */
export function companyDebugRoutes(
  app: ZodApp,
  { companies, clock, debug }: { companies: CompanyService; clock: Clock; debug: CompanyDebugDeps },
) {
  const tags = ['companies'];
  const route = moduleRoutes({ tags, errors: errorAnswers() });
  const debugErrors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    429: errorResponseSchema,
  };
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const debugParams = z.object({ id: z.string().min(1).max(64) });

  /** The company a debug link names, by its id or an exchange ticker; only for admins and debug users. */
  async function debugCompany(request: FastifyRequest, id: string) {
    const caller = currentUser(request);
    if (!caller.is_admin && !(await debug.hasDebugInterface(caller.id))) {
      throw forbidden('Only admins and debug users can open the debug views.');
    }
    const [company] = UUID.test(id)
      ? await companies.query(companyQuery.parse({ id }, { now: clock.now() }))
      : exchangeTickerSchema.safeParse(id.toUpperCase()).success
        ? [await companies.companyOf(id.toUpperCase())]
        : [];
    if (!company) throw notFound(`Unknown company '${id}'.`);
    return { caller, company };
  }

  app.get(
    '/company/get/:id',
    route({
      access: 'user',
      summary:
        'Debug view: one company as stored, by id or exchange ticker (admins and debug users)',
      params: debugParams,
      response: companiesResponseSchema,
      errors: errorAnswers(400, 401, 403, 404, 429),
    }),
    async (request) => {
      const { company } = await debugCompany(request, request.params.id);
      return { status: 'success' as const, companies: [company] };
    },
  );

  app.get(
    '/company/invalidate/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Debug view: queues a refresh of the company’s quotes and missing history (admins and debug users, 10 a minute); answers at once',
        params: debugParams,
        response: {
          200: z.object({ status: z.literal('success'), exchange_tickers: z.array(z.string()) }),
          ...debugErrors,
        },
      },
    },
    async (request) => {
      const { caller, company } = await debugCompany(request, request.params.id);
      await debug.limiter.hit(RATE_RULES.companyInvalidatePerUser, caller.id);
      const symbols = company.exchange_tickers;
      await debug.jobs.enqueue(
        'market.refresh-symbols',
        { symbols },
        { singletonKey: symbols.join(',') },
      );
      return { status: 'success' as const, exchange_tickers: symbols };
    },
  );
}

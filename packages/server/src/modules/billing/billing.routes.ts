import { adminPaymentsResponseSchema } from '@app/shared/api/billing';
import {
  cancelFeedbackSchema,
  checkoutResponseSchema,
  PLANS,
  referralsResponseSchema,
  subscriptionStatusResponseSchema,
} from '@app/shared/api/billing';
import { errorResponseSchema, successResponse } from '@app/shared/api/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { acceptFormPosts, sendHtml as html } from '../../http/html-pages.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { BillingService } from './billing.service.ts';
import { checkoutPage, portalPage } from './offline-pages.ts';

const errors = errorAnswers(400, 401, 404);
const tags = ['payments'];
const route = moduleRoutes({ tags, errors, access: 'public' });
const sessionParams = z.object({ session: z.string().regex(/^[a-z_]+_[0-9a-f]{24}$/) });

/** Spec §7 payment calls and the contract in @app/shared/api/billing. */
/** JSON bytes written by the route's own serializer, sent as they are. */
const sendBytes = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);

/** The caller's row as the session lookup read it (users' `sessionRow`). */
type SessionRow = (request: FastifyRequest) =>
  | {
      subscription: string;
      subscription_status: string;
      current_period_end: Date | null;
      cancel_at_period_end: boolean;
    }
  | undefined;

export function billingRoutes(
  app: ZodApp,
  { billing, sessionRow }: { billing: BillingService; sessionRow?: SessionRow },
) {
  /** The admin overview's JSON bytes, by the kept overview object they were written from. */
  const overviewBytes = new WeakMap<object, Buffer>();
  app.get(
    '/payment/plans',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The plans, their prices and features',
        response: {
          200: successResponse({
            plans: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                price_usd: z.number().nullable(),
                features: z.array(z.string()),
              }),
            ),
          }),
        },
      },
    },
    () => ({
      status: 'success' as const,
      plans: PLANS.map((plan) => ({ ...plan, features: [...plan.features] })),
    }),
  );

  app.get(
    '/payment/create_checkout_session',
    route({
      access: 'user',
      summary:
        'A checkout for a plan; `trial` (from /register?trial=) gives a first subscription its trial days',
      querystring: queryParams({
        product: z.string().max(40),
        trial: z.string().max(40).optional(),
      }),
      response: checkoutResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      url: await billing.checkout(
        currentUser(request).id,
        request.query.product,
        Boolean(request.query.trial),
      ),
    }),
  );

  app.get(
    '/payment/portal',
    {
      config: { access: 'public', cookieAuth: true },
      schema: {
        tags,
        summary: "A browser navigation to the provider's portal (a visitor is sent to log in)",
      },
    },
    async (request, reply) => {
      if (!request.user) return reply.redirect('/login?next=%2Fapi%2Fpayment%2Fportal');
      return reply.redirect(await billing.portal(request.user.id));
    },
  );

  app.get(
    '/payment/status',
    route({
      access: 'user',
      summary: "The caller's subscription as the verified events left it (/success polls it)",
      response: subscriptionStatusResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await billing.status(currentUser(request).id, sessionRow?.(request))),
    }),
  );

  app.post(
    '/payment/cancel_feedback',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Why the caller left the checkout or cancelled (shown to admins)',
        body: cancelFeedbackSchema,
        response: { 200: successResponse({}), ...errors },
      },
    },
    async (request) => {
      await billing.cancelFeedback(currentUser(request).id, request.body.reason, request.body.text);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/payment/referrals',
    route({
      access: 'user',
      summary: "The caller's referral code, referrals and ledger",
      response: referralsResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await billing.referrals(currentUser(request).id)),
    }),
  );

  app.get(
    '/payment/admin/overview',
    route({
      access: 'admin',
      summary:
        'Admin payments view: subscriptions per plan and status, events received, failed webhooks, ledger totals, cancel feedback',
      response: adminPaymentsResponseSchema,
      errors: errorAnswers(400, 401, 403, 404),
    }),
    async (_request, reply) => {
      // The overview is the same object while it is kept (5 s): its bytes are written once.
      const overview = await billing.adminOverview();
      let body = overviewBytes.get(overview);
      if (!body) {
        const written: unknown = reply.serialize({ status: 'success' as const, ...overview });
        body = Buffer.isBuffer(written) ? written : Buffer.from(written as string);
        overviewBytes.set(overview, body);
      }
      return sendBytes(reply, body);
    },
  );

  // The webhook reads its body raw: the signature covers the exact bytes.
  app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, next) => {
        next(null, body);
      },
    );
    scope.post(
      '/payment/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "The provider's signed events (stored once, applied in order)",
          headers: z.object({ 'stripe-signature': z.string().max(2_000).optional() }),
          response: { 200: successResponse({ duplicate: z.boolean() }), 400: errorResponseSchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        const result = await billing.handleWebhook(body, typeof header === 'string' ? header : '');
        return { status: 'success' as const, ...result };
      },
    );
    done();
  });

  if (billing.provider === 'offline') offlineRoutes(app, billing);
}

/** The offline provider's own checkout and portal pages (plain HTML forms). */
function offlineRoutes(app: ZodApp, billing: BillingService) {
  app.register((plugin, _options, done) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    acceptFormPosts(plugin, 4_096);
    const form = z.record(z.string(), z.string().max(200));
    const config = { access: 'public' as const };
    const offlineTags = ['payments (offline provider)'];

    scope.get(
      '/payment/offline/checkout/:session',
      {
        config,
        schema: { tags: offlineTags, summary: 'Test-mode checkout page', params: sessionParams },
      },
      async (request, reply) => {
        const { session, plan } = await billing.offlineCheckout(request.params.session);
        return html(reply, checkoutPage(session.id, plan, session.trial_days, null));
      },
    );
    scope.post(
      '/payment/offline/checkout/:session',
      {
        config,
        schema: {
          tags: offlineTags,
          summary: 'Pays with a test card',
          params: sessionParams,
          body: form,
        },
      },
      async (request, reply) => {
        const result = await billing.offlinePay(request.params.session, request.body.card ?? '');
        if (result.ok) return reply.redirect(result.redirect, 303);
        const { session, plan } = await billing.offlineCheckout(request.params.session);
        return html(reply, checkoutPage(session.id, plan, session.trial_days, result.error), 402);
      },
    );
    scope.get(
      '/payment/offline/portal/:session',
      {
        config,
        schema: { tags: offlineTags, summary: 'Test-mode portal page', params: sessionParams },
      },
      async (request, reply) => {
        const { session, state } = await billing.offlinePortal(request.params.session);
        return html(reply, portalPage(session.id, state, session.success_url));
      },
    );
    scope.post(
      '/payment/offline/portal/:session',
      {
        config,
        schema: {
          tags: offlineTags,
          summary: 'Changes plan, cancels or resumes',
          params: sessionParams,
          body: form,
        },
      },
      async (request, reply) => {
        const session = await billing.offlinePortalAction(
          request.params.session,
          request.body.action ?? '',
          request.body.plan ?? '',
        );
        return reply.redirect(`/api/payment/offline/portal/${session.id}`, 303);
      },
    );
    done();
  });
}

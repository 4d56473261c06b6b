import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { acceptFormPosts, sendHtml as html } from '../../http/html-pages.ts';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import {
  unsubscribeAskPage,
  unsubscribeDonePage,
  unsubscribeInvalidPage,
} from './unsubscribe-page.ts';
import { UNSUBSCRIBE_INVALID, type UnsubscribeService } from './unsubscribe.service.ts';

const tags = ['unsubscribe'];
const open = { access: 'public' as const };
const tokenQuery = queryParams({ token: z.string().max(200).default('') });

/** The link of every mail, and the paths the links of older mails carry (served the same). */
const PATHS = [
  { url: '/unsubscribe', deprecated: false },
  { url: '/alerts/unsubscribe', deprecated: true },
  { url: '/subscription/unsubscribe', deprecated: true },
];

/** One-click unsubscribe from any mail: GET shows a page with a button, POST unsubscribes. */
export function unsubscribeRoutes(
  app: ZodApp,
  { unsubscribe }: { unsubscribe: UnsubscribeService },
) {
  for (const { url, deprecated } of PATHS) {
    app.get(
      url,
      {
        config: open,
        schema: {
          tags,
          summary: "A mail's unsubscribe page (a button that posts the one-click unsubscribe)",
          deprecated,
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        const target = await unsubscribe.target(request.query.token);
        if (!target) return html(reply, unsubscribeInvalidPage(UNSUBSCRIBE_INVALID), 400);
        return html(
          reply,
          unsubscribeAskPage(request.query.token, target.owner.kind, target.email),
        );
      },
    );
  }

  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form to the link.
  app.register((plugin, _options, done) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    acceptFormPosts(plugin, 1_024);
    for (const { url, deprecated } of PATHS) {
      scope.post(
        url,
        {
          config: open,
          schema: {
            tags,
            summary:
              "Unsubscribes in one click from the link's kind of mail (RFC 8058); answers a page",
            deprecated,
            querystring: tokenQuery,
            body: z.record(z.string(), z.string().max(100)).optional(),
          },
        },
        async (request, reply) => {
          const target = await unsubscribe
            .unsubscribe(request.query.token)
            .catch((error: unknown) => {
              if (error instanceof AppError && error.statusCode === 400) return null;
              throw error;
            });
          if (!target) return html(reply, unsubscribeInvalidPage(UNSUBSCRIBE_INVALID), 400);
          return html(reply, unsubscribeDonePage(target.owner.kind, target.email));
        },
      );
    }
    done();
  });
}

/**
 * A local server speaking the Stripe API calls we make (node:http on port 0): customers.create,
 * checkout.sessions.create, billingPortal.sessions.create and customers.createBalanceTransaction.
 * It records each request's path, auth header and form body.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StripeCall = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
};

export async function startFakeStripe(): Promise<{
  url: string;
  calls: StripeCall[];
  close: () => Promise<void>;
}> {
  const calls: StripeCall[] = [];
  let counter = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const path = request.url ?? '';
      calls.push({ method: request.method ?? '', path, headers: request.headers, form });
      counter += 1;
      const send = (status: number, body: object) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${counter}`,
        });
        response.end(JSON.stringify(body));
      };
      if (path === '/v1/customers') {
        return send(200, {
          id: `cus_fake_${counter}`,
          object: 'customer',
          email: form.get('email'),
        });
      }
      if (path === '/v1/checkout/sessions') {
        const id = `cs_fake_${counter}`;
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/${id}`,
        });
      }
      if (path === '/v1/billing_portal/sessions') {
        return send(200, {
          id: `bps_fake_${counter}`,
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/session',
        });
      }
      const balance = /^\/v1\/customers\/([^/]+)\/balance_transactions$/.exec(path);
      if (balance) {
        return send(200, {
          id: `cbtxn_${counter}`,
          object: 'customer_balance_transaction',
          customer: balance[1],
          amount: Number(form.get('amount')),
        });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

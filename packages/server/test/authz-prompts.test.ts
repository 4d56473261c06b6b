import { describe } from 'vitest';
import { authorisationMatrix, ok, type MatrixRow } from './helpers/authz-matrix.ts';

/** The prompts and the live stream × every role. */
const PROMPT_ROUTES: MatrixRow[] = [
  // Prompts: the caller's own only; the queue for admins.
  {
    name: 'POST /prompts/create',
    call: {
      method: 'POST',
      url: () => '/api/prompts/create',
      body: () => ({ prompt: 'How is my portfolio doing?', selection: [], type: 'CHAT' }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /prompts/query',
    call: {
      method: 'GET',
      url: (_t, self) => `/api/prompts/query?username=${self?.username ?? ''}`,
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: "GET /prompts/query?username={other's}",
    call: { method: 'GET', url: (t) => `/api/prompts/query?username=${t.username}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /prompts/get/{unknown id}',
    call: { method: 'GET', url: () => '/api/prompts/get/00000000-0000-4000-8000-000000000000' },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /prompts/stream/{unknown id}',
    call: { method: 'GET', url: () => '/api/prompts/stream/00000000-0000-4000-8000-000000000000' },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /live?topics=news,quotes:NASDAQ:AAPL',
    call: { method: 'GET', url: () => '/api/live?topics=news,quotes:NASDAQ:AAPL', stream: true },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /live?topics=alerts,prompts (own)',
    call: { method: 'GET', url: () => '/api/live?topics=alerts,prompts', stream: true },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: "GET /live?topics=alerts:{other's id}",
    call: { method: 'GET', url: (t) => `/api/live?topics=alerts:${t.user.id}`, stream: true },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'GET /live?topics={unknown}',
    call: { method: 'GET', url: () => '/api/live?topics=admin', stream: true },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'GET /prompts/rm?id={unknown id}',
    call: { method: 'GET', url: () => '/api/prompts/rm?id=00000000-0000-4000-8000-000000000000' },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /prompts/rm/ALL?type=CHAT',
    call: { method: 'GET', url: () => '/api/prompts/rm/ALL?type=CHAT' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /prompts/rm/ALL?type__in=email_prompt,PORTFOLIO',
    call: { method: 'POST', url: () => '/api/prompts/rm/ALL?type__in=email_prompt,PORTFOLIO' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /prompts/state',
    call: { method: 'GET', url: () => '/api/prompts/state' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
];

describe('authorisation matrix of the prompts and live routes', () => {
  authorisationMatrix(PROMPT_ROUTES);
});

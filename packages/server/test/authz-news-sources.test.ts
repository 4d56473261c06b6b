import { describe } from 'vitest';
import { authorisationMatrix, ok, UNKNOWN_ID, type MatrixRow } from './helpers/authz-matrix.ts';

const adminOnly = (status: number) => ({ visitor: 401, user: 403, validated: 403, admin: status });

/** The managed news feeds: only admins list, test, add, pause, remove, import and export them. */
const NEWS_SOURCE_ROUTES: MatrixRow[] = [
  {
    name: 'GET /admin/news-sources',
    call: { method: 'GET', url: () => '/api/admin/news-sources' },
    expect: adminOnly(ok),
  },
  {
    name: 'POST /admin/news-sources (a new feed each time)',
    call: {
      method: 'POST',
      url: () => '/api/admin/news-sources',
      body: (target) => ({ url: `https://feeds.example/${target.user.id}.xml` }),
    },
    expect: adminOnly(ok),
  },
  {
    name: 'POST /admin/news-sources/test (an unreachable address: answered, not stored)',
    call: {
      method: 'POST',
      url: () => '/api/admin/news-sources/test',
      body: () => ({ url: 'http://127.0.0.1:1/feed.xml' }),
    },
    expect: adminOnly(ok),
  },
  {
    name: 'POST /admin/news-sources/{unknown id}/state',
    call: {
      method: 'POST',
      url: () => `/api/admin/news-sources/${UNKNOWN_ID}/state`,
      body: () => ({ state: 'paused' }),
    },
    expect: adminOnly(404),
  },
  {
    name: 'POST /admin/news-sources/{unknown id}/remove',
    call: { method: 'POST', url: () => `/api/admin/news-sources/${UNKNOWN_ID}/remove` },
    expect: adminOnly(404),
  },
  {
    name: 'GET /admin/news-sources/opml',
    call: { method: 'GET', url: () => '/api/admin/news-sources/opml' },
    expect: adminOnly(ok),
  },
  {
    name: 'POST /admin/news-sources/opml',
    call: {
      method: 'POST',
      url: () => '/api/admin/news-sources/opml',
      body: () => ({ opml: '<opml version="2.0"><body/></opml>' }),
    },
    expect: adminOnly(ok),
  },
];

describe('authorisation matrix of the news sources', () => {
  authorisationMatrix(NEWS_SOURCE_ROUTES);
});

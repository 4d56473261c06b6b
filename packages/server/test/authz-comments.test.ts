import { describe } from 'vitest';
import {
  authorisationMatrix,
  ok,
  UNKNOWN_ID,
  authzFixtures,
  type MatrixRow,
} from './helpers/authz-matrix.ts';

/** Comments, replies, reports and moderation × every role. */
const COMMENT_ROUTES: MatrixRow[] = [
  // Comments: reading is public, writing needs a validated user, moderation an admin.
  {
    name: 'GET /comments/query',
    call: {
      method: 'GET',
      url: () =>
        `/api/comments/query?parent_obj_id=${authzFixtures.articleId}&parent_comment_id=NULL`,
    },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /comments/create',
    call: {
      method: 'POST',
      url: () => '/api/comments/create',
      body: (t) => ({
        parent_obj: 'news',
        parent_obj_id: authzFixtures.articleId,
        parent_comment_id: null,
        content: `A comment about ${t.username}`,
      }),
    },
    expect: { visitor: 401, user: 403, validated: ok, admin: ok },
  },
  {
    name: 'POST /comments/update (unknown id)',
    call: {
      method: 'POST',
      url: () => '/api/comments/update',
      body: () => ({ id: UNKNOWN_ID, content: 'Edited' }),
    },
    expect: { visitor: 401, user: 403, validated: 404, admin: 404 },
  },
  {
    name: 'POST /comments/delete (unknown id)',
    call: { method: 'POST', url: () => '/api/comments/delete', body: () => ({ id: UNKNOWN_ID }) },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /comments/replies/unread',
    call: { method: 'GET', url: () => '/api/comments/replies/unread' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /comments/replies/seen',
    call: { method: 'POST', url: () => '/api/comments/replies/seen' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /comments/admin/reports',
    call: { method: 'GET', url: () => '/api/comments/admin/reports' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'POST /comments/admin/hide (unknown id)',
    call: {
      method: 'POST',
      url: () => '/api/comments/admin/hide',
      body: () => ({ id: UNKNOWN_ID, value: true }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  {
    name: 'POST /comments/admin/dismiss',
    call: {
      method: 'POST',
      url: () => '/api/comments/admin/dismiss',
      body: () => ({ parent_obj_id: authzFixtures.articleId, parent_comment_id: null }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
];

describe('authorisation matrix of the comments routes', () => {
  authorisationMatrix(COMMENT_ROUTES);
});

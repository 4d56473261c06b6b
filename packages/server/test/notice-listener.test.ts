import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import {
  createNoticeListener,
  type NoticeListener,
  type NoticeResetReason,
} from '../src/db/notice-listener.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { waitFor } from './helpers/wait.ts';

const CHANNEL = 'stockpulse_notice_listener_test';
const NAME = 'stockpulse-notice-listener-test';

/** The primitive the per-process caches share: two "processes" (pools) on one database. */
describe('notice listener', () => {
  let database: TestDatabase;
  let otherDb: Database;
  const heard = { a: [] as string[], b: [] as string[] };
  const requested = { a: [] as string[], b: [] as string[] };
  const resets = { a: [] as NoticeResetReason[], b: [] as NoticeResetReason[] };
  let a: NoticeListener;
  let b: NoticeListener;

  const make = (db: Database, which: 'a' | 'b') =>
    createNoticeListener({
      db,
      channel: CHANNEL,
      applicationName: NAME,
      label: `test ${which}`,
      onNotice: (payload) => heard[which].push(payload),
      onConfirmRequest: (subject) => requested[which].push(subject),
      onReset: (reason) => resets[which].push(reason),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    otherDb = createDatabase({ url: database.url, maxConnections: 2 });
    a = make(database.db, 'a');
    b = make(otherDb, 'b');
    await Promise.all([a.ready(), b.ready()]);
  });

  afterAll(async () => {
    await a.close();
    await b.close();
    await otherDb.destroy();
    await database.drop();
  });

  it('listens, hears notices and bumps the generation on (re)listening', () => {
    expect(a.isListening()).toBe(true);
    expect(b.isListening()).toBe(true);
    expect(a.generation()).toBe(1);
    expect(resets.a).toEqual(['listening']);
    expect(a.bump()).toBe(2);
    expect(a.pid()).not.toBe('');
  });

  it('passes plain notices on, and confirms a request in every listening process', async () => {
    await sql`select pg_notify(${CHANNEL}, 'user-1')`.execute(database.db);
    await waitFor(async () => Promise.resolve(heard.b.includes('user-1')));
    const started = performance.now();
    await a.confirmEverywhere('user-2');
    // Both acknowledged (the wait ended well before its 2 s bound) after handling the subject.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(requested.a).toEqual(['user-2']);
    expect(requested.b).toEqual(['user-2']);
    expect(heard.a).toEqual(['user-1']);
  });

  it('resets on a lost connection and listens again', async () => {
    const pid = b.pid();
    const before = b.generation();
    await sql`select pg_terminate_backend(${Number(pid)})`.execute(database.db);
    await waitFor(async () => Promise.resolve(resets.b.includes('lost')));
    expect(b.generation()).toBeGreaterThan(before);
    await waitFor(async () => Promise.resolve(b.isListening() && b.pid() !== pid), 5_000);
    expect(resets.b.slice(-2)).toEqual(['lost', 'listening']);
  });

  it('stops on close', async () => {
    await b.close();
    expect(b.isListening()).toBe(false);
    expect(resets.b.at(-1)).toBe('closed');
    await b.confirmEverywhere('x'); // nothing to wait with
  });
});

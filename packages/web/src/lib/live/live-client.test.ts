import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient, type LiveMessage } from './live-client';

/** An EventSource the test drives. */
class FakeSource {
  static opened: FakeSource[] = [];
  readyState = 1;
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) {
      listener({ data: JSON.stringify(data) } as MessageEvent<string>);
    }
  }
}

const flush = () => vi.advanceTimersByTimeAsync(100);

/** A client on FakeSource whose token the test sets (`signIn`), telling it of the change. */
function sessionClient(initial: string | null) {
  let token = initial;
  let listener = () => {};
  const client = createLiveClient({
    createSource: (url) => new FakeSource(url) as unknown as EventSource,
    token: () => token,
    onSessionChange: (next) => {
      listener = next;
      return () => undefined;
    },
  });
  return {
    client,
    signIn: (next: string | null) => {
      token = next;
    },
    sessionChanged: () => listener(),
  };
}

describe('live client', () => {
  afterEach(() => {
    FakeSource.opened = [];
    vi.useRealTimers();
  });

  it('opens one stream on the union of topics and hands each event to its subscribers', async () => {
    vi.useFakeTimers();
    let token: string | null = null;
    const client = createLiveClient({
      createSource: (url) => new FakeSource(url) as unknown as EventSource,
      token: () => token,
    });
    const news: LiveMessage[] = [];
    const quotes: LiveMessage[] = [];
    client.subscribe({ topics: ['news'], onMessage: (m) => news.push(m) });
    client.subscribe({
      topics: ['quotes:NASDAQ:AAPL', 'alerts'],
      onMessage: (m) => quotes.push(m),
    });
    await flush();
    expect(FakeSource.opened).toHaveLength(1);
    const source = FakeSource.opened[0]!;
    // A visitor's stream leaves out the user topics.
    expect(decodeURIComponent(source.url)).toBe('/api/live?topics=news,quotes:NASDAQ:AAPL');
    expect(client.isConnected()).toBe(false);
    source.emit('ready', { topics: ['news', 'quotes:NASDAQ:AAPL'] });
    expect(client.isConnected()).toBe(true);

    source.emit('news', { topic: 'news', stage: 'ingested', ids: ['a'] });
    source.emit('quotes', { topic: 'quotes:NASDAQ:AAPL', price: 1 });
    expect(news.map((m) => m.event)).toEqual(['news']);
    expect(quotes.map((m) => m.data.topic)).toEqual(['quotes:NASDAQ:AAPL']);

    source.onerror?.();
    expect(client.isConnected()).toBe(false);

    // Signed in, a new subscription reopens the stream with the user topics and the key.
    token = 'tok';
    const unsubscribe = client.subscribe({ topics: ['prompts'], onMessage: () => undefined });
    await flush();
    expect(source.closed).toBe(true);
    const second = FakeSource.opened[1]!;
    expect(decodeURIComponent(second.url)).toBe(
      '/api/live?topics=alerts,news,prompts,quotes:NASDAQ:AAPL&key=tok',
    );
    unsubscribe();
    client.close();
    expect(second.closed).toBe(true);
  });

  it('tells subscribers to refetch after a reconnect or a reset', async () => {
    vi.useFakeTimers();
    const client = createLiveClient({
      createSource: (url) => new FakeSource(url) as unknown as EventSource,
      token: () => null,
    });
    const onReset = vi.fn();
    client.subscribe({ topics: ['news'], onMessage: () => undefined, onReset });
    await flush();
    const source = FakeSource.opened[0]!;
    source.emit('ready', { topics: ['news'] });
    expect(onReset).not.toHaveBeenCalled();
    source.emit('ready', { topics: ['news'] });
    source.emit('reset', { reason: 'listener-lost' });
    expect(onReset).toHaveBeenCalledTimes(2);
    client.close();
  });

  it('without EventSource nothing connects (pages keep polling)', async () => {
    vi.useFakeTimers();
    const client = createLiveClient({ token: () => null });
    client.subscribe({ topics: ['news'], onMessage: () => undefined });
    await flush();
    expect(client.isConnected()).toBe(false);
  });

  it('reopens the stream when the session changes: the user topics come with a login and go with a logout', async () => {
    vi.useFakeTimers();
    const { client, signIn, sessionChanged } = sessionClient(null);
    client.subscribe({ topics: ['news', 'alerts'], onMessage: () => undefined });
    await flush();
    expect(decodeURIComponent(FakeSource.opened[0]!.url)).toBe('/api/live?topics=news');
    signIn('tok');
    sessionChanged();
    await flush();
    expect(FakeSource.opened[0]!.closed).toBe(true);
    expect(decodeURIComponent(FakeSource.opened[1]!.url)).toBe(
      '/api/live?topics=alerts,news&key=tok',
    );
    // Another account on the same page: the stream carries the new key.
    signIn('other');
    sessionChanged();
    await flush();
    expect(decodeURIComponent(FakeSource.opened[2]!.url)).toBe(
      '/api/live?topics=alerts,news&key=other',
    );
    signIn(null);
    sessionChanged();
    await flush();
    expect(decodeURIComponent(FakeSource.opened[3]!.url)).toBe('/api/live?topics=news');
    // Nothing changed: the stream stays.
    sessionChanged();
    await flush();
    expect(FakeSource.opened).toHaveLength(4);
    client.close();
  });

  it("replays the open stream's earlier events of its topics to a subscription that asks, in their order", async () => {
    vi.useFakeTimers();
    const { client, signIn, sessionChanged } = sessionClient('tok');
    // The bell opens the stream; the toasts' code comes later.
    client.subscribe({ topics: ['alerts', 'quotes:NASDAQ:AAPL'], onMessage: () => undefined });
    await flush();
    const source = FakeSource.opened[0]!;
    source.emit('ready', { topics: ['alerts', 'quotes:NASDAQ:AAPL'] });
    source.emit('alerts', { topic: 'alerts', count: 1, n: 1 });
    for (let n = 0; n < 30; n += 1) source.emit('quotes', { topic: 'quotes:NASDAQ:AAPL', n });
    source.emit('alerts', { topic: 'alerts', count: 2, n: 2 });

    const plain: LiveMessage[] = [];
    client.subscribe({ topics: ['alerts'], onMessage: (m) => plain.push(m) });
    expect(plain).toEqual([]);
    const late: LiveMessage[] = [];
    client.subscribe({ topics: ['alerts'], onMessage: (m) => late.push(m), replay: true });
    // Quotes on another topic do not push the alerts out of what is kept.
    expect(late.map((m) => m.data.n)).toEqual([1, 2]);
    const quotes: LiveMessage[] = [];
    client.subscribe({
      topics: ['quotes:NASDAQ:AAPL'],
      onMessage: (m) => quotes.push(m),
      replay: true,
    });
    // At most the last 20 of a topic.
    expect(quotes.map((m) => m.data.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 10));
    source.emit('alerts', { topic: 'alerts', count: 3, n: 3 });
    expect(late.map((m) => m.data.n)).toEqual([1, 2, 3]);
    await flush();
    expect(FakeSource.opened).toHaveLength(1);

    // Another account: the new stream starts with nothing to replay.
    signIn('other');
    sessionChanged();
    await flush();
    expect(FakeSource.opened).toHaveLength(2);
    const next: LiveMessage[] = [];
    client.subscribe({ topics: ['alerts'], onMessage: (m) => next.push(m), replay: true });
    expect(next).toEqual([]);
    client.close();
  });
});

/** One Server-Sent Event as a client parses it. */
export type SseEvent = { id: string | undefined; event: string; data: unknown };

/**
 * A Server-Sent Events client over fetch (tests and the scale-out test): opens `url`, parses the
 * stream as it arrives and keeps every event; `next` waits for one matching a predicate.
 */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let comments = 0;
  let ended = false;
  let retry: number | undefined;

  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            let id: string | undefined;
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments += 1;
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
              else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
            }
            if (data.length > 0) {
              events.push({ id, event, data: JSON.parse(data.join('\n')) as unknown });
            }
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // aborted by close()
      } finally {
        ended = true;
        for (const wake of waiters) wake();
      }
    })();
  }

  /** Waits for the first event (from `from` on) matching `match`; fails after `timeoutMs`. */
  async function next(
    match: (event: SseEvent) => boolean,
    timeoutMs = 5_000,
    from = 0,
  ): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.slice(from).find(match);
      if (found) return found;
      if (ended) throw new Error(`the stream ended; events: ${JSON.stringify(events)}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    /** The body of an answer that is not a stream (an error envelope). */
    json: async () => (response.ok ? undefined : await response.json()),
    events,
    next,
    ready: () => next((event) => event.event === 'ready'),
    get comments() {
      return comments;
    },
    get retry() {
      return retry;
    },
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}

export type SseClient = Awaited<ReturnType<typeof openSse>>;

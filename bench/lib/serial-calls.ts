/** Calls one client makes one after another (`urls` in order), the first `warmup` untimed. */
export type SerialCalls = {
  urls: readonly string[];
  headers?: Record<string, string>;
  warmup: number;
};

export type SerialTimes = {
  /** Milliseconds of each timed call, in order. */
  times: number[];
  /** The last answer's size in bytes. */
  bytes: number;
};

/** Makes the calls with `fetch`; a non-2xx answer throws with its status and start. */
export async function timeSerialCalls({
  urls,
  headers,
  warmup,
}: SerialCalls): Promise<SerialTimes> {
  const times: number[] = [];
  let bytes = 0;
  for (const [index, url] of urls.entries()) {
    const started = performance.now();
    const res = await fetch(url, { ...(headers && { headers }) });
    const body = await res.arrayBuffer();
    if (!res.ok) {
      const text = new TextDecoder().decode(body).slice(0, 200);
      throw new Error(`${url}: HTTP ${res.status} ${text}`);
    }
    if (index >= warmup) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  return { times, bytes };
}

import fs from 'node:fs/promises';

/** The machine's CPU time counters (all cores) from /proc/stat: total and idle (idle + iowait). */
async function cpuTimes(): Promise<{ total: number; idle: number } | null> {
  try {
    const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n', 1)[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { total, idle: (fields[3] ?? 0) + (fields[4] ?? 0) };
  } catch {
    return null; // not Linux: the share is unknown
  }
}

/** Measures the share of CPU time the machine spent idle from `start()` to `stop()` (null: unknown). */
export async function idleMeter() {
  const before = await cpuTimes();
  return async (): Promise<number | null> => {
    const after = await cpuTimes();
    if (!before || !after || after.total <= before.total) return null;
    return (after.idle - before.idle) / (after.total - before.total);
  };
}

/**
 * Waits until the machine is quiet — an idle share of at least `share` over a second, twice in
 * a row — or `maxSeconds` passed: a browser timing taken while other work holds the cores
 * measures that work (total blocking time doubled on this machine under a load of 17). Answers
 * the last idle share seen and whether the machine was quiet.
 */
export async function waitForQuiet(share = 0.8, maxSeconds = 60) {
  const deadline = performance.now() + maxSeconds * 1000;
  let quietSeconds = 0;
  let last: number | null = null;
  while (performance.now() < deadline) {
    const stop = await idleMeter();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    last = await stop();
    if (last === null) return { idle: null, quiet: false };
    quietSeconds = last >= share ? quietSeconds + 1 : 0;
    if (quietSeconds >= 2) return { idle: last, quiet: true };
  }
  return { idle: last, quiet: false };
}

/** An idle share as a whole percentage ("?" when unknown). */
export const idlePercent = (share: number | null) =>
  share === null ? '?' : String(Math.round(share * 100));

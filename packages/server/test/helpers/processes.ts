import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

export type Spawned = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first stdout/stderr line matching `pattern`. */
  waitForLine: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  exited: Promise<number | null>;
};

/** Runs a TypeScript file of the server package with this Node, capturing its output. */
export function spawnTs(
  file: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Spawned {
  const child = spawn(process.execPath, [path.join(SERVER_ROOT, file), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLine = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = text.split('\n').find((l) => pattern.test(l));
        if (line === undefined) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(line);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no line matching ${String(pattern)} within ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  return { child, output: () => text, waitForLine, exited };
}

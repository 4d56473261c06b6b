import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * A CommonJS module in a chunk is a factory passed to rolldown's `__commonJSMin`, run when the
 * module is first required: React DOM's client is one such factory of about 180 KB. Rolldown
 * writes it as a parenthesised arrow, `__commonJSMin(((exports, module) => {…}))`, meant as a
 * "possibly invoked function expression" (V8 compiles those eagerly, on the streaming thread
 * with the rest of the script); Chromium still compiled React DOM's factory lazily, on the main
 * thread when the app first required it. Written as a parenthesised `function` expression, the
 * form V8's preparser has always treated so, it is compiled with the script: the task that
 * requires React DOM at 4× CPU went from a median of 52 ms to under 50 (evaluation 48 → 34 ms,
 * twelve cold loads each). A `function` also gives the module its own `this` and `arguments`,
 * as Node's wrapper does; a factory that reads neither behaves the same.
 */
export const CJS_FACTORY = /__commonJSMin\(\(\(([\w$]+(?:\s*,\s*[\w$]+)*)?\)\s*=>\s*\{/g;

export function functionFactories(code: string): MagicString | undefined {
  let s: MagicString | undefined;
  for (const match of code.matchAll(CJS_FACTORY)) {
    s ??= new MagicString(code);
    const params = match[1] ?? '';
    // `__commonJSMin((` stays; `(params) => {` becomes `function(params) {`.
    const start = match.index + '__commonJSMin(('.length;
    s.overwrite(start, match.index + match[0].length, `function(${params}) {`);
  }
  return s;
}

export function cjsFunctionWrappers(): Plugin {
  return {
    name: 'stockpulse:cjs-function-wrappers',
    apply: 'build',
    renderChunk(code, chunk) {
      const s = functionFactories(code);
      // A wrapper written some other way (a new rolldown) is left as it is, and said.
      const wrappers = code.split('__commonJSMin((').length - 1;
      const rewritten = [...code.matchAll(CJS_FACTORY)].length;
      if (wrappers !== rewritten) {
        this.warn(
          `${chunk.fileName}: ${String(wrappers - rewritten)} CommonJS factories not rewritten`,
        );
      }
      if (!s) return null;
      return { code: s.toString(), map: s.generateMap({ hires: 'boundary' }) };
    },
  };
}

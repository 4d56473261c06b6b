import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { functionFactories } from '../../build/cjs-function-wrappers';

// Rolldown's CommonJS wrapper as it writes it before minifying (its runtime's `__commonJSMin`).
const RUNTIME =
  'var __commonJSMin = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);\n';

function run(code: string): unknown {
  // Strict, as a module is.
  return runInNewContext(`'use strict';\n${RUNTIME}${code}\nmain();`);
}

describe("rolldown's CommonJS factories as function expressions", () => {
  const chunk = [
    'var require_answer = /* @__PURE__ */ __commonJSMin(((exports) => {',
    '  exports.answer = 42;',
    '}));',
    'var require_module = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
    '  const { answer } = require_answer();',
    '  module.exports = { doubled: answer * 2, arrow: (x) => ({ x }) };',
    '}));',
    'var require_empty = /* @__PURE__ */ __commonJSMin((() => {}));',
    // A module that reads its top-level `this` gets it as a parameter.
    'var require_global = /* @__PURE__ */ __commonJSMin(((exports, module, this$1) => {',
    '  module.exports = typeof this$1;',
    '}));',
    'function main() { return [require_module(), require_empty(), require_global()]; }',
  ].join('\n');

  it('rewrites each factory as a parenthesised function, nothing else', () => {
    const rewritten = functionFactories(chunk)?.toString() ?? '';
    expect(rewritten).toContain('__commonJSMin((function(exports) {');
    expect(rewritten).toContain('__commonJSMin((function(exports, module) {');
    expect(rewritten).toContain('__commonJSMin((function() {}));');
    expect(rewritten).toContain('__commonJSMin((function(exports, module, this$1) {');
    // An arrow inside a module is not a factory.
    expect(rewritten).toContain('arrow: (x) => ({ x })');
    expect(rewritten.match(/=>/g)).toHaveLength(1);
  });

  it('leaves what the modules export unchanged', () => {
    const rewritten = functionFactories(chunk)?.toString() ?? '';
    const before = run(chunk) as [{ doubled: number }, object, string];
    const after = run(rewritten) as [{ doubled: number }, object, string];
    expect(after[0].doubled).toBe(84);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
  });

  it('leaves a chunk without CommonJS alone', () => {
    expect(functionFactories('export const a = () => 1;')).toBeUndefined();
  });
});

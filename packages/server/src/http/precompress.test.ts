import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress.ts';

describe('precompressing the web build', () => {
  let dir = '';
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz copies of text assets once, leaving small files and source maps alone', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-assets-'));
    const code = 'export const answer = 42;\n'.repeat(200);
    await fs.writeFile(path.join(dir, 'app-1.js'), code);
    await fs.writeFile(path.join(dir, 'app-1.js.map'), code);
    await fs.writeFile(path.join(dir, 'tiny-1.css'), 'a{}');
    expect(await precompressAssets(dir)).toBe(2);
    expect(brotliDecompressSync(await fs.readFile(path.join(dir, 'app-1.js.br'))).toString()).toBe(
      code,
    );
    expect(gunzipSync(await fs.readFile(path.join(dir, 'app-1.js.gz'))).toString()).toBe(code);
    expect((await fs.readdir(dir)).sort()).toEqual([
      'app-1.js',
      'app-1.js.br',
      'app-1.js.gz',
      'app-1.js.map',
      'tiny-1.css',
    ]);
    // A second process finds the copies and writes nothing.
    expect(await precompressAssets(dir)).toBe(0);
  });
});

import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing (source maps are for developers, fetched rarely). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|woff)$/;
const MIN_BYTES = 1_024;

/**
 * Writes `.br` and `.gz` copies next to the web build's assets that lack them, so the static
 * plugin (`preCompressed`) sends a quarter of the bytes. Runs once after start-up, in the
 * background; each copy is written under a temporary name and renamed, so several processes
 * sharing one build never serve a half-written file. Returns how many copies it wrote.
 */
export async function precompressAssets(assetsDir: string): Promise<number> {
  if (!existsSync(assetsDir)) return 0;
  let written = 0;
  for (const name of await fs.readdir(assetsDir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(assetsDir, name);
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size < MIN_BYTES) continue;
    const content = await fs.readFile(file);
    const copies: [string, () => Promise<Buffer>][] = [
      [
        '.br',
        () =>
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
      ],
      ['.gz', () => gz(content, { level: 9 })],
    ];
    for (const [extension, compress] of copies) {
      const target = file + extension;
      if (existsSync(target)) continue;
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, await compress());
      await fs.rename(temporary, target);
      written += 1;
    }
  }
  return written;
}

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { findAnimation } from './catalogue.ts';

/** Where `npm run animations` writes the GIFs and the file route reads them. */
export const ANIMATIONS_DIR = fileURLToPath(
  new URL('../../../../assets/animations/', import.meta.url),
);

const loaded = new Map<string, Promise<Buffer>>();

/** The GIF of a catalogue animation (read once, then kept), or null for an unknown id. */
export function animationFile(id: string): Promise<Buffer> | null {
  if (!findAnimation(id)) return null;
  let file = loaded.get(id);
  if (!file) {
    file = readFile(`${ANIMATIONS_DIR}${id}.gif`);
    // A failed read (a missing file) is not kept, so regenerating the files fixes it.
    file.catch(() => loaded.delete(id));
    loaded.set(id, file);
  }
  return file;
}

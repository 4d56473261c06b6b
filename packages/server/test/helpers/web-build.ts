import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in web build in a new temporary folder (for `WEB_DIST_DIR`): each entry is a file's
 * path inside the build (folders are made) and its text. The caller removes the folder.
 */
export async function writeWebBuild(files: Record<string, string>): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-dist-'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dist, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text);
  }
  return dist;
}

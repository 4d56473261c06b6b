import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Mantine components whose group components hang on them as properties (`Button.Group`). */
const WITH_GROUPS: Record<string, RegExp> = {
  Button: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Button[\\/]Button\.mjs$/,
  ActionIcon: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ActionIcon[\\/]ActionIcon\.mjs$/,
};

/**
 * Mantine attaches `Button.Group`, `Button.GroupSection`, `ActionIcon.Group` and
 * `ActionIcon.GroupSection` to their components by assignment, a statement the bundler must keep:
 * every page loaded the four group components (about 1.2 KB gzipped), which this app never draws,
 * with the button of its top bar. The assignments are dropped at build; a source file of the app
 * that uses one of them fails the build instead of meeting an undefined component.
 */
export function mantineUnusedGroups(sourceDir: string): Plugin {
  return {
    name: 'stockpulse:mantine-unused-groups',
    enforce: 'pre',
    buildStart() {
      const used = new RegExp(String.raw`\b(${Object.keys(WITH_GROUPS).join('|')})\.Group`);
      for (const file of globSync('**/*.{ts,tsx}', { cwd: sourceDir })) {
        if (used.test(readFileSync(path.join(sourceDir, file), 'utf8'))) {
          throw new Error(
            `mantine-unused-groups: ${file} uses a Mantine group component that the build drops (build/mantine-unused-groups.ts)`,
          );
        }
      }
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      const name = Object.keys(WITH_GROUPS).find((key) => WITH_GROUPS[key]?.test(file));
      if (name === undefined) return null;
      const assignment = new RegExp(String.raw`^${name}\.(Group|GroupSection) = \w+;$`, 'gm');
      const found = code.match(assignment) ?? [];
      if (found.length !== 2) {
        throw new Error(
          `mantine-unused-groups: ${id} no longer assigns ${name}.Group and ${name}.GroupSection as expected`,
        );
      }
      return code.replace(assignment, '');
    },
  };
}

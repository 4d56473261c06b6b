import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appMantineStyles,
  mantineStylesFor,
  usedComponentSheets,
  usedStylesCss,
} from '../../build/mantine-used-styles';

const webRoot = path.resolve(import.meta.dirname, '../..');
const coreDir = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const sheet = (name: string) =>
  readFileSync(path.join(coreDir, 'styles', `${name}.css`), 'utf8').trim();
const squeeze = (css: string) => css.replace(/\s+/g, '');

describe("the build's Mantine styles (only the components the app can draw)", () => {
  it('follows a component to every sheet it draws with', () => {
    expect([...usedComponentSheets(coreDir, ['Button'])].sort()).toEqual([
      'Button.css',
      'Loader.css',
      'UnstyledButton.css',
    ]);
    expect(usedComponentSheets(coreDir, ['TextInput'])).toContain('Input.css');
    for (const needed of ['Combobox.css', 'Input.css', 'Popover.css', 'ScrollArea.css']) {
      expect(usedComponentSheets(coreDir, ['Select'])).toContain(needed);
    }
    // A type draws nothing.
    expect(usedComponentSheets(coreDir, ['MantineSize']).size).toBe(0);
  });

  it("keeps the package's order, with the reset, the theme's variables and the global classes", () => {
    const css = usedStylesCss(coreDir, new Set(['Button.css', 'Loader.css', 'UnstyledButton.css']));
    const at = (name: string) => css.indexOf(sheet(name));
    expect(at('baseline')).toBe(0);
    expect(at('baseline')).toBeLessThan(at('default-css-variables'));
    expect(at('default-css-variables')).toBeLessThan(at('global'));
    const whole = readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
    const order = ['UnstyledButton', 'Loader', 'Button'].sort(
      (a, b) => whole.indexOf(sheet(a)) - whole.indexOf(sheet(b)),
    );
    expect(order.map(at)).toEqual([...order.map(at)].sort((a, b) => a - b));
    expect(at('Button')).toBeGreaterThan(0);
    expect(css).not.toContain(sheet('Tabs'));
  });

  it('is the whole styles.css when every component is used', () => {
    const all = new Set(
      readdirSync(path.join(coreDir, 'styles')).filter(
        (file) => file.endsWith('.css') && !file.endsWith('.layer.css'),
      ),
    );
    expect(squeeze(usedStylesCss(coreDir, all))).toBe(
      squeeze(readFileSync(path.join(coreDir, 'styles.css'), 'utf8')),
    );
  });

  it("draws every component the app's sources import and leaves out what nothing imports", () => {
    const css = mantineStylesFor(appMantineStyles(webRoot));
    for (const used of ['Input', 'Timeline', 'Notification', 'Alert', 'Modal', 'Table']) {
      expect(css).toContain(sheet(used));
    }
    for (const unused of ['AngleSlider', 'Tree', 'Rating', 'Tabs']) {
      expect(css).not.toContain(sheet(unused));
    }
  });
});

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type * as AppTheme from '../src/app/theme';

const THEME_VARIABLES_ID = 'virtual:stockpulse-theme-variables.css';
const RESOLVED = `\0${THEME_VARIABLES_ID}`;
const CSS_VARIABLES_MODULE =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/;

/**
 * The theme's CSS variables (`:root` and each colour scheme's) as a style sheet of the app's CSS.
 * MantineProvider otherwise draws them as an inline `<style>` on every render of the page: the
 * browser merged the theme with Mantine's defaults, resolved ~600 variables, took out those equal to
 * the defaults and wrote the string again during hydration (23–44 ms of the company page's load at
 * 4× CPU in CPU profiles), and every server-drawn page carried the same 6 KB inline. The sheet is what
 * Mantine's own `MantineCssVariables` writes for the app's theme and resolver (rendered here with
 * Mantine at build time), and the app's provider sets `withCssVariables={false}`. The browser's
 * bundle then leaves out Mantine's generator (the component that draws the inline sheet, with the
 * merge and the default resolver): in the app's build the provider never draws it. The server's
 * first-screen build and the static landing page keep Mantine's own.
 */
export function mantineThemeVariables(themeFile: string): Plugin {
  return {
    name: 'stockpulse:mantine-theme-variables',
    resolveId(id) {
      return id === THEME_VARIABLES_ID ? RESOLVED : null;
    },
    transform(code, id) {
      if (!CSS_VARIABLES_MODULE.test(id.split('?')[0] ?? id)) return null;
      if (!code.includes('export { MantineCssVariables }')) {
        throw new Error(`mantine-theme-variables: ${id} no longer exports MantineCssVariables`);
      }
      return 'export function MantineCssVariables() { return null; }\n';
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(themeFile);
      const [{ createElement }, { renderToStaticMarkup }, { MantineProvider }, app] =
        await Promise.all([
          import('react'),
          import('react-dom/server'),
          import('@mantine/core'),
          import(
            `${pathToFileURL(path.resolve(themeFile)).href}?t=${String(Date.now())}`
          ) as Promise<typeof AppTheme>,
        ]);
      const html = renderToStaticMarkup(
        createElement(MantineProvider, {
          theme: app.theme,
          cssVariablesResolver: app.cssVariablesResolver,
          withGlobalClasses: false,
        }),
      );
      const css = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
      if (!css) throw new Error('mantine-theme-variables: Mantine drew no theme variables');
      return css;
    },
  };
}

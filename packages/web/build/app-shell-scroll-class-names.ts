import type { Plugin } from 'vite';

/** The parts of Mantine's AppShell that import react-remove-scroll. */
const APP_SHELL_PART =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(?:Header|Footer|Aside)[\\/]AppShell(?:Header|Footer|Aside)\.mjs$/;
const REMOVE_SCROLL_IMPORT = 'import { RemoveScroll } from "react-remove-scroll";';
/** react-remove-scroll-bar's class names (`zeroRightClassName`, `fullWidthClassName`). */
const CLASS_NAMES =
  'const RemoveScroll = { classNames: { zeroRight: "right-scroll-bar-position", fullWidth: "width-before-scroll-bar" } };';

/**
 * AppShell's header, footer and aside import react-remove-scroll only to read two class names
 * (`RemoveScroll.classNames.zeroRight`), which kept the whole scroll lock (about 4 KB gzipped)
 * in every page's first load; only a modal, loaded on demand, locks the scroll. The class names
 * are the library's constants, written here; a modal still marks the fixed header with them.
 */
export function appShellScrollClassNames(): Plugin {
  return {
    name: 'stockpulse:app-shell-scroll-class-names',
    enforce: 'pre',
    transform(code, id) {
      if (!APP_SHELL_PART.test(id.split('?')[0] ?? id)) return null;
      if (!code.includes(REMOVE_SCROLL_IMPORT)) {
        throw new Error(
          `app-shell-scroll-class-names: ${id} no longer imports RemoveScroll as expected`,
        );
      }
      // Same line count: the source map stays true.
      return { code: code.replace(REMOVE_SCROLL_IMPORT, CLASS_NAMES), map: null };
    },
  };
}

import type { Plugin } from 'vite';

/** The parts of Mantine's AppShell: header, footer, aside and navbar. */
const APP_SHELL_PART =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside|Navbar)[\\/]AppShell\1\.mjs$/;
const REMOVE_SCROLL_IMPORT = 'import { RemoveScroll } from "react-remove-scroll";';
/** react-remove-scroll-bar's class names (`zeroRightClassName`, `fullWidthClassName`). */
const CLASS_NAMES =
  'const RemoveScroll = { classNames: { zeroRight: "right-scroll-bar-position", fullWidth: "width-before-scroll-bar" } };';
const RESIZE_HANDLE_IMPORT =
  'import { AppShellResizeHandle } from "../AppShellResizeHandle/AppShellResizeHandle.mjs";';
/**
 * What the handle draws without AppShell's `resize` prop (it returns null then); with the prop
 * it fails loudly rather than drawing no handle.
 */
const NO_RESIZE_HANDLE =
  'const AppShellResizeHandle = () => { if (useAppShellContext().resize) throw new Error("AppShell resize is left out of this build (packages/web/build/app-shell-lean.ts)"); return null; };';

/**
 * Two things every page's first load carried for AppShell and never used:
 * - its header, footer and aside import react-remove-scroll only to read two class names
 *   (`RemoveScroll.classNames.zeroRight`), which kept the whole scroll lock (about 4 KB gzipped)
 *   in the shell; only a modal, loaded on demand, locks the scroll. The class names are the
 *   library's constants, written here; a modal still marks the fixed header with them;
 * - each part draws a resize handle (pointer and keyboard resizing, about 2 KB gzipped) that
 *   renders nothing unless AppShell gets the `resize` prop, which the app does not use.
 */
export function appShellLean(): Plugin {
  return {
    name: 'stockpulse:app-shell-lean',
    enforce: 'pre',
    transform(code, id) {
      const part = APP_SHELL_PART.exec(id.split('?')[0] ?? id)?.[1];
      if (!part) return null;
      let next = code;
      if (part !== 'Navbar') {
        if (!next.includes(REMOVE_SCROLL_IMPORT)) {
          throw new Error(`app-shell-lean: ${id} no longer imports RemoveScroll as expected`);
        }
        next = next.replace(REMOVE_SCROLL_IMPORT, CLASS_NAMES);
      }
      if (!next.includes(RESIZE_HANDLE_IMPORT) || !next.includes('useAppShellContext')) {
        throw new Error(`app-shell-lean: ${id} no longer draws AppShellResizeHandle as expected`);
      }
      next = next.replace(RESIZE_HANDLE_IMPORT, NO_RESIZE_HANDLE);
      // Same line count: the source map stays true.
      return { code: next, map: null };
    },
  };
}

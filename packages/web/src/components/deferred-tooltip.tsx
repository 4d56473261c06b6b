import { useHydrated } from '../lib/hydration';
import { LazyTooltip } from './lazy-tooltip';
import type { LazyTooltipProps } from './lazy-tooltip';

export type DeferredTooltipProps = LazyTooltipProps;

/**
 * A Mantine tooltip (lazy-tooltip.tsx) mounted once the server's markup is hydrated (lib/hydration.ts). A
 * mounted Mantine tooltip — even closed — runs Floating UI, whose reference ref sets state in a
 * layout effect: a synchronous second render right after the commit that mounts it, which in the
 * hydrating commit first ran every passive effect of the page, in one long task on a phone.
 * While hydrating the target is rendered alone (a closed tooltip adds nothing to its markup);
 * the tooltips mount in the transition that follows. The target is then mounted anew (it moves
 * under the tooltip), before a visitor can point at it. An app drawn without hydrating (signed-in
 * visitors, other pages) mounts the tooltip at once.
 */
export function DeferredTooltip({ children, ...props }: DeferredTooltipProps) {
  const hydrated = useHydrated();
  if (!hydrated) return children;
  return <LazyTooltip {...props}>{children}</LazyTooltip>;
}

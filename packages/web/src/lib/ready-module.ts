import type { ComponentType } from 'react';

/**
 * What a `React.lazy` loader returns for a component whose chunk is already in: a thenable that
 * calls back at once, which React takes without suspending, so `renderToString` and a hydrating
 * render draw the component itself rather than its fallback.
 */
export function readyModule<P>(
  component: ComponentType<P>,
): Promise<{ default: ComponentType<P> }> {
  const ready = {
    then: (resolve: (module: { default: ComponentType<P> }) => void) => {
      resolve({ default: component });
    },
  };
  return ready as unknown as Promise<{ default: ComponentType<P> }>;
}

import type { Clock } from '../../clock.ts';
import type { WidgetCache } from './widget-cache.ts';
import type { WidgetRepository } from './widget.repository.ts';
import { checkWidgets, effectiveWidgets, type WidgetSetting } from './widget-rules.ts';

/** The dashboard cards a user shows, hides and orders, kept per user. */
export function createWidgetService(deps: {
  repository: WidgetRepository;
  clock: Clock;
  /** Users' widgets kept in this process (WIDGETS_CACHE); absent: every read goes to the database. */
  cache?: WidgetCache;
}) {
  const { repository, cache } = deps;
  return {
    /**
     * The user's widgets in order (every widget, in WIDGET_IDS order, until they choose), from
     * the cache when there is one (then frozen: every caller is served the same list).
     */
    async get(userId: string): Promise<WidgetSetting[]> {
      const load = async () => effectiveWidgets(await repository.find(userId));
      return cache ? ((await cache.value(userId, load)) ?? load()) : load();
    },

    /**
     * Stores the user's choice and answers the widgets as they will now be shown, once every
     * process dropped the user's kept list.
     */
    async save(userId: string, widgets: readonly WidgetSetting[]): Promise<WidgetSetting[]> {
      const checked = checkWidgets(widgets);
      await cache?.ready();
      try {
        await repository.save(userId, checked, deps.clock.now());
      } finally {
        await cache?.changed(userId);
      }
      return effectiveWidgets(checked);
    },

    /** The widgets cache's state (undefined when WIDGETS_CACHE is off); for tests. */
    cacheStats: () => cache?.stats(),
    /** Stops the widgets cache's listener. */
    closeCache: async () => {
      await cache?.close();
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;

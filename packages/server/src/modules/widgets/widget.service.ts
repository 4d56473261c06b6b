import type { Clock } from '../../clock.ts';
import type { WidgetRepository } from './widget.repository.ts';
import { checkWidgets, effectiveWidgets, type WidgetSetting } from './widget-rules.ts';

/** The dashboard cards a user shows, hides and orders (issue 12), kept per user. */
export function createWidgetService(deps: { repository: WidgetRepository; clock: Clock }) {
  const { repository } = deps;
  return {
    /** The user's widgets in order (every widget, in WIDGET_IDS order, until they choose). */
    async get(userId: string): Promise<WidgetSetting[]> {
      return effectiveWidgets(await repository.find(userId));
    },

    /** Stores the user's choice and answers the widgets as they will now be shown. */
    async save(userId: string, widgets: readonly WidgetSetting[]): Promise<WidgetSetting[]> {
      const checked = checkWidgets(widgets);
      await repository.save(userId, checked, deps.clock.now());
      return effectiveWidgets(checked);
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;

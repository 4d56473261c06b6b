import { WIDGET_IDS, type WidgetId } from '@app/shared/api/portfolio';
import { badRequest } from '../../http/errors.ts';

export type WidgetSetting = { id: WidgetId; visible: boolean };

/** What a user who never chose sees: every widget, shown, in WIDGET_IDS order. */
export const defaultWidgets = (): WidgetSetting[] =>
  WIDGET_IDS.map((id) => ({ id, visible: true }));

/** A user's choice as sent: each known widget at most once (unknown ids fail the shared schema). */
export function checkWidgets(widgets: readonly WidgetSetting[]): WidgetSetting[] {
  const seen = new Set<WidgetId>();
  for (const widget of widgets) {
    if (seen.has(widget.id)) throw badRequest(`The widget '${widget.id}' is listed twice.`);
    seen.add(widget.id);
  }
  return widgets.map(({ id, visible }) => ({ id, visible }));
}

const known = new Set<string>(WIDGET_IDS);

/**
 * The widgets to show from what was stored: the stored order; widgets added to the product since
 * (absent from the stored list) come after it, shown; ids no longer known are dropped.
 */
export function effectiveWidgets(stored: unknown): WidgetSetting[] {
  if (!Array.isArray(stored)) return defaultWidgets();
  const out: WidgetSetting[] = [];
  const seen = new Set<string>();
  for (const entry of stored as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, visible } = entry as { id?: unknown; visible?: unknown };
    if (typeof id !== 'string' || !known.has(id) || seen.has(id)) continue;
    seen.add(id);
    out.push({ id: id as WidgetId, visible: visible !== false });
  }
  for (const id of WIDGET_IDS) if (!seen.has(id)) out.push({ id, visible: true });
  return out;
}

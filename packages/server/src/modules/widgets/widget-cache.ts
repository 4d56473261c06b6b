import type { NoticeHub } from '../../db/notice-hub.ts';
import { createUserValueCache } from '../../db/user-value-cache.ts';
import type { WidgetSetting } from './widget-rules.ts';

/** Where the database announces changed widgets (migration 2026-11-30T1560-widgets-notify). */
export const WIDGETS_CHANNEL = 'stockpulse_widgets';

/**
 * Each user's dashboard widgets kept in each API process (`/user/widgets`, asked on
 * every dashboard visit, read 0.48–0.85× the reference with a prepared statement): a trigger
 * NOTIFYs every change of a `user_widgets` row with its user's id, each process drops that
 * user's list, and a save through the widget service answers after every process dropped it
 * (`db/user-value-cache.ts`).
 */
export function createWidgetCache(deps: { hub: NoticeHub }) {
  return createUserValueCache<WidgetSetting[]>({
    ...deps,
    channel: WIDGETS_CHANNEL,
    label: 'widgets cache',
  });
}

export type WidgetCache = ReturnType<typeof createWidgetCache>;

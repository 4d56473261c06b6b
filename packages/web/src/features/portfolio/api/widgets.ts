import { widgetsResponseSchema } from '@app/shared/api/portfolio';
import type { WidgetId } from '@app/shared/api/portfolio';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { WIDGETS_QUERY_KEY } from './portfolio-query-keys';

export interface WidgetSetting {
  id: WidgetId;
  visible: boolean;
}

/** GET /user/widgets: the user's widgets in their order (every widget for a user who never chose). */
export async function fetchWidgets(signal?: AbortSignal): Promise<WidgetSetting[]> {
  const { widgets } = await apiGet('/user/widgets', undefined, {
    schema: widgetsResponseSchema,
    signal,
  });
  return widgets;
}

/** POST /user/widgets { widgets }: stores the whole list, in order. */
export async function saveWidgets(widgets: readonly WidgetSetting[]): Promise<WidgetSetting[]> {
  const response = await apiPost('/user/widgets', { widgets }, { schema: widgetsResponseSchema });
  return response.widgets;
}

export function useWidgets() {
  return useQuery({ queryKey: WIDGETS_QUERY_KEY, queryFn: ({ signal }) => fetchWidgets(signal) });
}

/**
 * Saves a new arrangement. The list moves at once (optimistic) and goes back to what was stored
 * when the server refuses; the caller words the failure.
 */
export function useSaveWidgets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWidgets,
    onMutate: async (widgets) => {
      await queryClient.cancelQueries({ queryKey: WIDGETS_QUERY_KEY });
      const previous = queryClient.getQueryData<WidgetSetting[]>(WIDGETS_QUERY_KEY);
      queryClient.setQueryData(WIDGETS_QUERY_KEY, [...widgets]);
      return { previous };
    },
    onError: (_error, _widgets, context) => {
      if (context?.previous) queryClient.setQueryData(WIDGETS_QUERY_KEY, context.previous);
    },
    onSuccess: (widgets) => queryClient.setQueryData(WIDGETS_QUERY_KEY, widgets),
  });
}

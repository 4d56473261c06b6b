import {
  alertRuleHistoryResponseSchema,
  alertRuleResponseSchema,
  alertRulesResponseSchema,
} from '@app/shared/api/alert-rules';
import type {
  AlertRule,
  AlertRuleHistoryResponse,
  AlertRuleInputDraft,
  AlertRulesResponse,
} from '@app/shared/api/alert-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

export type AlertRulesState = Omit<AlertRulesResponse, 'status'>;
export type AlertRuleHistory = Omit<AlertRuleHistoryResponse, 'status'>;

export const ALERT_RULES_QUERY_KEY = ['alert-rules'] as const;
const HISTORY_KEY = [...ALERT_RULES_QUERY_KEY, 'history'] as const;
const LIST_KEY = [...ALERT_RULES_QUERY_KEY, 'list'] as const;

/** GET /alerts/rules: the caller's rules and the plan's limit. */
export async function fetchAlertRules(signal?: AbortSignal): Promise<AlertRulesState> {
  const { status: _status, ...state } = await apiGet('/alerts/rules', undefined, {
    schema: alertRulesResponseSchema,
    signal,
  });
  return state;
}

/** GET /alerts/rules/history: what the caller's rules fired, newest first. */
export async function fetchAlertRuleHistory(signal?: AbortSignal): Promise<AlertRuleHistory> {
  const { status: _status, ...history } = await apiGet('/alerts/rules/history', undefined, {
    schema: alertRuleHistoryResponseSchema,
    signal,
  });
  return history;
}

export const alertRulesQueryOptions = () =>
  queryOptions({ queryKey: LIST_KEY, queryFn: ({ signal }) => fetchAlertRules(signal) });

export const alertRuleHistoryQueryOptions = () =>
  queryOptions({ queryKey: HISTORY_KEY, queryFn: ({ signal }) => fetchAlertRuleHistory(signal) });

/** The rules, refetched every 30 s while the page shows (a firing changes "last fired"). */
export function useAlertRules(enabled = true) {
  return useQuery({ ...alertRulesQueryOptions(), enabled, refetchInterval: 30_000 });
}

export function useAlertRuleHistory() {
  return useQuery({ ...alertRuleHistoryQueryOptions(), refetchInterval: 30_000 });
}

/** Creates (no id) or replaces (an id) a rule. */
export async function saveAlertRule(rule: AlertRuleInputDraft, id?: string): Promise<AlertRule> {
  const path = id ? `/alerts/rules/${encodeURIComponent(id)}` : '/alerts/rules';
  return (await apiPost(path, rule, { schema: alertRuleResponseSchema })).rule;
}

export async function pauseAlertRule(id: string, paused: boolean): Promise<AlertRule> {
  return (
    await apiPost(
      `/alerts/rules/${encodeURIComponent(id)}/pause`,
      { paused },
      { schema: alertRuleResponseSchema },
    )
  ).rule;
}

export async function deleteAlertRule(id: string): Promise<void> {
  await apiPost(`/alerts/rules/${encodeURIComponent(id)}/delete`);
}

/** Every change of a rule refetches the list (its status and the plan's count). */
function useRuleMutation<Args>(run: (args: Args) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERT_RULES_QUERY_KEY }),
  });
}

export const useSaveAlertRule = () =>
  useRuleMutation(({ rule, id }: { rule: AlertRuleInputDraft; id?: string }) =>
    saveAlertRule(rule, id),
  );
export const usePauseAlertRule = () =>
  useRuleMutation(({ id, paused }: { id: string; paused: boolean }) => pauseAlertRule(id, paused));
export const useDeleteAlertRule = () => useRuleMutation((id: string) => deleteAlertRule(id));

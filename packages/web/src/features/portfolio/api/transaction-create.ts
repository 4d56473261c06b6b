import { transactionResponseSchema } from '@app/shared/api/portfolio';
import type { Transaction, TransactionInput } from '@app/shared/api/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { PORTFOLIO_QUERY_KEY } from './portfolio-query-keys';

/** POST /portfolio/transactions/create: records one buy, sell, dividend, fee or split. */
export async function createTransaction(input: TransactionInput): Promise<Transaction> {
  const { transaction } = await apiPost('/portfolio/transactions/create', input, {
    schema: transactionResponseSchema,
  });
  return transaction;
}

/** Records a transaction, then refreshes every portfolio figure (snapshot, calendar, widgets). */
export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY }),
  });
}

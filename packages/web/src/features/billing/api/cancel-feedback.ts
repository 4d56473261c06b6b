import type { cancelFeedbackSchema } from '@app/shared/api/billing';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '../../../lib/api-client';

export type CancelFeedback = z.input<typeof cancelFeedbackSchema>;
export type CancelReason = CancelFeedback['reason'];

/** POST /payment/cancel_feedback { reason, text } (the /Cancel page; stored, shown to admins). */
export function useCancelFeedback() {
  return useMutation({
    mutationFn: (body: CancelFeedback) => apiPost('/payment/cancel_feedback', body),
  });
}

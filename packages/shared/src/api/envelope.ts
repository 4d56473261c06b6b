import { z } from 'zod';

/** Every error response: `{"status":"error","error_msg":"…"}` with the matching HTTP status. */
export const errorResponseSchema = z.object({
  status: z.literal('error'),
  error_msg: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A success response: `{"status":"success", …payload}`. */
export function successResponse<Shape extends z.ZodRawShape>(payload: Shape) {
  return z.object({ status: z.literal('success'), ...payload });
}

/** A deletion may answer `"deleted"` instead of `"success"`. */
export function deletedResponse<Shape extends z.ZodRawShape>(payload: Shape) {
  return z.object({ status: z.enum(['success', 'deleted']), ...payload });
}

/** The text a client shows when the server or its database cannot be reached (spec §8). */
export const UNREACHABLE_MESSAGE = 'Unable to connect to the server.';

import { registerRequestSchema } from '@app/shared/api/users';
import type { z } from 'zod';

/**
 * Client-side checks of the register, login, unlock and new-password forms (spec §5). The rules
 * come from the shared request schemas; messages read 'The Email is required' and the like.
 */

export const REGISTER_LABELS = {
  email: 'The Email',
  username: 'The Username',
  first_name: 'The First Name',
  last_name: 'The Last Name',
  password: 'The Password',
} as const;
export type RegisterField = keyof typeof REGISTER_LABELS;
export const REGISTER_FIELDS = Object.keys(REGISTER_LABELS) as RegisterField[];

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') return `must be at most ${String(issue.maximum)} characters`;
  return issue.message;
}

/** 'The X is required' when empty, else the schema's own wording after the label. */
function checkField(label: string, schema: z.ZodType, value: string): string | undefined {
  if (value.trim() === '') return `${label} is required`;
  const result = schema.safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  return issue ? `${label} ${describeIssue(issue)}` : undefined;
}

export function validateRegisterField(field: RegisterField, value: string): string | undefined {
  return checkField(REGISTER_LABELS[field], registerRequestSchema.shape[field], value);
}

export function validateRegister(
  values: Record<RegisterField, string>,
): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  for (const field of REGISTER_FIELDS) {
    const message = validateRegisterField(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** Login, unlock and new passwords: required, at least PASSWORD_MIN characters. */
export function validatePassword(value: string): string | undefined {
  return checkField(REGISTER_LABELS.password, registerRequestSchema.shape.password, value);
}

export const LOGIN_IDENTIFIER_LABEL = 'The Email or username';

export function validateLoginIdentifier(value: string): string | undefined {
  return value.trim() === '' ? `${LOGIN_IDENTIFIER_LABEL} is required` : undefined;
}

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

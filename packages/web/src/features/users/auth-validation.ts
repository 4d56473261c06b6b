import {
  loginRequestSchema,
  registerRequestSchema,
  setPasswordRequestSchema,
} from '@app/shared/api/users';
import { schemaResolver, useForm } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { z } from 'zod';

/**
 * The register, login, unlock and new-password forms (spec §5): @mantine/form over zod schemas
 * built from the shared request schemas. The shared rules decide; this file only words their
 * messages as the product does: 'The Email is required', 'The Password must be at least 6
 * characters'.
 */

export const REGISTER_LABELS = {
  email: 'The Email',
  username: 'The Username',
  first_name: 'The First Name',
  last_name: 'The Last Name',
  password: 'The Password',
} as const;
export type RegisterField = keyof typeof REGISTER_LABELS;
/** In the order of the form: the first one with an error gets the focus. */
export const REGISTER_FIELDS = Object.keys(REGISTER_LABELS) as RegisterField[];

export const LOGIN_IDENTIFIER_LABEL = 'The Email or username';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') return `must be at most ${String(issue.maximum)} characters`;
  return issue.message;
}

/** A text field checked by a shared rule: 'X is required' when blank, else 'X <the rule's message>'. */
function labelled(label: string, rule: z.ZodType) {
  return z.string().superRefine((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return;
    }
    const issue = rule.safeParse(value).error?.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', message: `${label} ${describeIssue(issue)}` });
  });
}

const newPassword = labelled(REGISTER_LABELS.password, setPasswordRequestSchema.shape.value);

export const registerFormSchema = z.object({
  email: labelled(REGISTER_LABELS.email, registerRequestSchema.shape.email),
  username: labelled(REGISTER_LABELS.username, registerRequestSchema.shape.username),
  first_name: labelled(REGISTER_LABELS.first_name, registerRequestSchema.shape.first_name),
  last_name: labelled(REGISTER_LABELS.last_name, registerRequestSchema.shape.last_name),
  password: newPassword,
  referral: z.string(),
  /** Shown, not enforced (as in the product). */
  accepted_terms: z.boolean(),
});

const loginIdentifier = labelled(LOGIN_IDENTIFIER_LABEL, loginRequestSchema.shape.email);
/** Login asks for a password the register rule accepts (at least PASSWORD_MIN characters). */
export const loginFormSchema = z.object({ email: loginIdentifier, password: newPassword });
/** Recovery mode of the login page: the identifier only. */
export const recoveryRequestFormSchema = z.object({ email: loginIdentifier, password: z.string() });
export const unlockFormSchema = z.object({ password: newPassword });
export const newPasswordFormSchema = z
  .object({ password: newPassword, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    message: PASSWORDS_DO_NOT_MATCH,
  });

/** One register field on its own (the profile page saves them one at a time). */
export function validateRegisterField(field: RegisterField, value: string): string | undefined {
  return registerFormSchema.shape[field].safeParse(value).error?.issues[0]?.message;
}

interface AuthFormOptions<Values> {
  schema: z.ZodType<Values>;
  initialValues: Values;
  /** Re-check a field that shows an error while the visitor fixes it (the register page). */
  recheckErrorsOnChange?: boolean;
}

/**
 * useForm validated by `schema` on submit. Errors stay as the submit left them (unless
 * `recheckErrorsOnChange`); the validation is synchronous, so they show as the submit returns.
 */
export function useAuthForm<Values extends Record<string, unknown>>({
  schema,
  initialValues,
  recheckErrorsOnChange = false,
}: AuthFormOptions<Values>) {
  return useForm<Values>({
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    clearInputErrorOnChange: false,
    enhanceGetInputProps: ({ field, form, inputProps }) => {
      if (!recheckErrorsOnChange || form.errors[field] === undefined) return undefined;
      const onChange = inputProps.onChange as (event: ChangeEvent<HTMLInputElement>) => void;
      return {
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          onChange(event);
          form.validateField(field);
        },
      };
    },
  });
}

import type { FormRule } from 'antd';
import type { z } from 'zod';
import { translateValidation } from '../i18n';

/**
 * An antd form rule backed by a contracts zod schema, so the browser checks exactly what the server
 * will; the schema's message is shown (translated when the UI is not Chinese).
 */
export function zodRule(schema: z.ZodType): FormRule {
  return { validator: (_rule, value: unknown) => check(schema, value) };
}

async function check(schema: z.ZodType, value: unknown): Promise<void> {
  const message = await schemaMessage(schema, value);
  if (message !== undefined) throw new Error(message);
}

/**
 * The message a field shows for a value (translated when the UI is not Chinese), or undefined when the
 * schema accepts it; an empty field is checked as absent, so a required field says so.
 */
export async function schemaMessage(schema: z.ZodType, value: unknown): Promise<string | undefined> {
  const result = await schema.safeParseAsync(value === '' ? undefined : value);
  return result.success ? undefined : translateValidation(result.error.issues[0]?.message ?? '');
}

/** Whether a value passes a schema (e.g. before enabling 获取验证码). */
export function isValid(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/**
 * The rules of a "confirm the password" field: required, and equal to the password typed in
 * `passwordField` (the field lists that one in `dependencies`, so a change there re-checks it).
 */
export function confirmPasswordRules(passwordField: string, messages: { required: string; mismatch: string }): FormRule[] {
  return [
    { required: true, message: messages.required },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(passwordField)) throw new Error(messages.mismatch);
      },
    }),
  ];
}

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

/**
 * zodRule for a schema fetched on the first check, so that a screen (the login screen) is shown
 * without downloading the schema library; the rule and its messages are the same.
 */
export function lazyZodRule(load: () => Promise<z.ZodType>): FormRule {
  return { validator: async (_rule, value: unknown) => check(await load(), value) };
}

async function check(schema: z.ZodType, value: unknown): Promise<void> {
  const result = await schema.safeParseAsync(value === '' ? undefined : value);
  if (!result.success) throw new Error(translateValidation(result.error.issues[0]?.message ?? ''));
}

/** Whether a value passes a schema (e.g. before enabling 获取验证码). */
export function isValid(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

import { mobileSchema } from '@tcm/contracts/api/validators';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { schemaMessage, zodRule } from './form-rules';

/** Runs a rule's validator as antd does: resolves when valid, rejects with the message otherwise. */
async function verdict(rule: FormRule, value: unknown): Promise<string> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('form rules', () => {
  it('a field message and an antd rule say the same, an empty field as absent', async () => {
    expect(await schemaMessage(mobileSchema, '')).toBe('请输入手机号');
    expect(await schemaMessage(mobileSchema, '123')).toBe('手机号格式不正确');
    expect(await schemaMessage(mobileSchema, '13800138000')).toBeUndefined();
    expect(await verdict(zodRule(mobileSchema), '')).toBe('请输入手机号');
    expect(await verdict(zodRule(mobileSchema), '123')).toBe('手机号格式不正确');
    expect(await verdict(zodRule(mobileSchema), '13800138000')).toBe('ok');
  });
});

import { mobileSchema } from '@tcm/contracts/api/validators';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { lazyZodRule, zodRule } from './form-rules';

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
  it('a lazily loaded schema gives the same verdicts and messages as the schema itself', async () => {
    let loads = 0;
    const lazy = lazyZodRule(async () => {
      loads += 1;
      return mobileSchema;
    });
    for (const value of ['', undefined, '123', '13800138000']) {
      expect(await verdict(lazy, value)).toBe(await verdict(zodRule(mobileSchema), value));
    }
    expect(await verdict(lazy, '')).toBe('请输入手机号');
    expect(await verdict(lazy, '123')).toBe('手机号格式不正确');
    expect(await verdict(lazy, '13800138000')).toBe('ok');
    expect(loads).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import enUS from './en-US';
import zhCNEntry from './zh-CN';
import { zhCNOutcomes } from './zh-CN-outcomes';

/** The whole Chinese catalogue: the entry's sections and the outcome texts loaded with their screens. */
const zhCN = { ...zhCNEntry, outcomes: zhCNOutcomes };

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
}

function lookup(catalogue: unknown, path: string): string {
  return path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], catalogue) as string;
}

describe('catalogues', () => {
  it('zh-CN and en-US have the same keys', () => {
    expect(keys(enUS).sort()).toEqual(keys(zhCN).sort());
  });

  it('every text is non-empty and uses the same placeholders in both languages', () => {
    for (const key of keys(zhCN)) {
      const zh = lookup(zhCN, key);
      const en = lookup(enUS, key);
      expect(zh.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      expect(placeholders(en), key).toEqual(placeholders(zh));
    }
  });

  it('keeps the texts the specification fixes', () => {
    expect(zhCN.errors.sessionExpired).toBe('登录信息已过期，请重新登录');
    expect(zhCN.errors.system).toBe('系统错误');
    expect(zhCN.addMember.success).toBe('添加成功');
    expect(zhCN.common.confirm).toBe('确定');
    expect(zhCN.common.cancel).toBe('取消');
    expect(zhCN.bell.doctorTitle).toBe('结束管理提醒');
    expect(zhCN.app.title).toBe('糖尿病前期中医药健康管理');
  });
});

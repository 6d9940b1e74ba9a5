import { describe, expect, it } from 'vitest';
import { identifierKeyword, maskSearchKeyword } from './patient-search';

describe('identifier-shaped search keywords', () => {
  it('recognises digits (with X, spaces and dashes) as an identifier, and anything with letters of a name as a name', () => {
    expect(identifierKeyword('330102197506153415')).toBe('330102197506153415');
    expect(identifierKeyword('33010219750615341x')).toBe('33010219750615341X');
    expect(identifierKeyword('137 0000 0001')).toBe('13700000001');
    expect(identifierKeyword('137-0000-0001')).toBe('13700000001');
    expect(identifierKeyword('3415')).toBe('3415');
    expect(identifierKeyword('3')).toBe('3');
    expect(identifierKeyword('330102********3415')).toBe('330102********3415');
    expect(identifierKeyword('张三')).toBeNull();
    expect(identifierKeyword('张三2')).toBeNull();
    expect(identifierKeyword('X')).toBeNull();
    expect(identifierKeyword('- -')).toBeNull();
  });

  it('masks a full ID number or mobile as lists do, keeps four characters, and the first three of anything else', () => {
    expect(maskSearchKeyword('330102197506153415')).toBe('330102********3415');
    expect(maskSearchKeyword('13700000001')).toBe('137****0001');
    expect(maskSearchKeyword('3415')).toBe('3415');
    expect(maskSearchKeyword('330102')).toBe('330***');
    expect(maskSearchKeyword('3301021')).toBe('330****');
    expect(maskSearchKeyword('33010219750615341')).toBe('330**************');
  });
});

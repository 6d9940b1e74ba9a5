import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it('decodes an RFC 5987 filename* in UTF-8', () => {
    const header = "attachment; filename*=UTF-8''%E9%9A%8F%E8%AE%BF%E8%AE%B0%E5%BD%95.xlsx";
    expect(filenameFromContentDisposition(header)).toBe('随访记录.xlsx');
  });

  it('prefers filename* over filename whichever comes first', () => {
    const header = 'attachment; filename="export.xlsx"; filename*=utf-8\'zh-CN\'%E5%AF%BC%E5%87%BA.xlsx';
    expect(filenameFromContentDisposition(header)).toBe('导出.xlsx');
  });

  it('reads a quoted filename with escapes and semicolons', () => {
    expect(filenameFromContentDisposition('attachment; filename="a\\"b;c.xlsx"')).toBe('a"b;c.xlsx');
  });

  it('reads an unquoted filename', () => {
    expect(filenameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
  });

  it('decodes ISO-8859-1 ext-values', () => {
    expect(filenameFromContentDisposition("attachment; filename*=iso-8859-1'en'%A3%20rates.txt")).toBe('£ rates.txt');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(filenameFromContentDisposition('attachment; filename*=%E9%9A; filename="x.xlsx"')).toBe('x.xlsx');
    expect(filenameFromContentDisposition('attachment; filename*=UTF-8\'\'%E9%9A; filename="y.xlsx"')).toBe('y.xlsx');
  });

  it('strips path separators', () => {
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd")).toBe('.._.._etc_passwd');
  });

  it('answers null without a name', () => {
    expect(filenameFromContentDisposition(undefined)).toBeNull();
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});

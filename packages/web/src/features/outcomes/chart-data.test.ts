import { describe, expect, it } from 'vitest';
import { survivalLine } from './chart-data';

describe('survivalLine', () => {
  it('starts the curve at day 0 with 100 % when the first point is a later event', () => {
    expect(
      survivalLine([
        { day: 90, survival: 0.875, atRisk: 8 },
        { day: 180, survival: 0.75, atRisk: 6 },
      ]),
    ).toEqual([
      [0, 100],
      [90, 87.5],
      [180, 75],
    ]);
  });

  it('does not add a second start when the server lists day 0', () => {
    expect(survivalLine([{ day: 0, survival: 1, atRisk: 30 }])).toEqual([[0, 100]]);
  });

  it('draws nothing without points', () => {
    expect(survivalLine([])).toEqual([]);
  });
});

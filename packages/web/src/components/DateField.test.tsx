// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bootI18n } from '../test-support/render';
import { DateField, parseTypedDate } from './DateField';

beforeAll(bootI18n);

describe('parseTypedDate', () => {
  it('accepts the dashed, compact and slash forms of a real day', () => {
    expect(parseTypedDate('2026-11-27')).toBe('2026-11-27');
    expect(parseTypedDate('20261127')).toBe('2026-11-27');
    expect(parseTypedDate('2026/11/27')).toBe('2026-11-27');
    expect(parseTypedDate(' 2026/01/05 ')).toBe('2026-01-05');
  });

  it('refuses what is no calendar day or no accepted form', () => {
    expect(parseTypedDate('2026-02-30')).toBeNull();
    expect(parseTypedDate('20261327')).toBeNull();
    expect(parseTypedDate('11/27/2026')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});

function Field({ onChange, initial = null }: { onChange: (value: string | null) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateField
        aria-label="随访日期"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">下一项</button>
    </>
  );
}

describe('DateField', () => {
  it.each(['2026-11-27', '20261127', '2026/11/27'])('takes the typed %s as 2026-11-27 and shows it as 2026-11-27', async (typed) => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const input = screen.getByLabelText('随访日期');
    await user.click(input);
    await user.keyboard(typed);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-27');
    expect(input).toHaveValue('2026-11-27');
  });

  it('leaves the field with one Tab, past the clear button', async () => {
    const user = userEvent.setup();
    render(<Field onChange={vi.fn()} initial="2026-11-27" />);
    const input = screen.getByLabelText('随访日期');
    expect(input).toHaveValue('2026-11-27');
    await user.click(input);
    await user.keyboard('{Escape}');
    await user.tab();
    expect(screen.getByRole('button', { name: '下一项' })).toHaveFocus();
  });
});

// @vitest-environment happy-dom

import { tongueAndPulseItems } from '@tcm/contracts/instruments/common-items';
import type { LeafItem } from '@tcm/contracts/instruments/types';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootI18n, renderInApp } from '../test-support/render';
import { ItemInput, measurementText, readTypedNumber, steppedNumber } from './item-inputs';

beforeAll(bootI18n);

describe('readTypedNumber', () => {
  it('reads a number as typed, on a Chinese keyboard too, and keeps anything else as text for the engine to name', () => {
    expect(readTypedNumber('')).toBeUndefined();
    expect(readTypedNumber('   ')).toBeUndefined();
    expect(readTypedNumber(' 160.5 ')).toBe(160.5);
    expect(readTypedNumber('160.')).toBe(160);
    expect(readTypedNumber('-3')).toBe(-3);
    expect(readTypedNumber('.5')).toBe(0.5);
    expect(readTypedNumber('-.5')).toBe(-0.5);
    expect(readTypedNumber('-')).toBe('-');
    expect(readTypedNumber('.')).toBe('.');
    expect(readTypedNumber('１６０．５')).toBe(160.5);
    expect(readTypedNumber('abc')).toBe('abc');
    expect(readTypedNumber('1e3')).toBe('1e3');
    expect(readTypedNumber('+5')).toBe('+5');
    expect(readTypedNumber('1.2.3')).toBe('1.2.3');
  });
});

describe('steppedNumber', () => {
  it("moves one step of the item's last decimal, from 0 when there is no number yet", () => {
    expect(steppedNumber(70, 1, 1)).toBe(70.1);
    expect(steppedNumber(0.3, 1, -1)).toBe(0.2);
    expect(steppedNumber(120, 0, -1)).toBe(119);
    expect(steppedNumber(undefined, 0, 1)).toBe(1);
    expect(steppedNumber('abc', 2, -1)).toBe(-0.01);
  });
});

describe('measurementText', () => {
  it("shows a number with the item's decimals unless it has more", () => {
    expect(measurementText(70, 1)).toBe('70.0');
    expect(measurementText(6.1, 2)).toBe('6.10');
    expect(measurementText(70.25, 1)).toBe('70.25');
    expect(measurementText(120, 0)).toBe('120');
    expect(measurementText('abc', 1)).toBe('abc');
    expect(measurementText(undefined, 1)).toBe('');
  });
});

const pulse = tongueAndPulseItems().find((item) => item.key === 'pulse') as LeafItem;

/** One item's control as the form mounts it, with its value kept in state and shown for the test. */
function Harness({ item, initial }: { item: LeafItem; initial?: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <label id="label" htmlFor="control">
        {item.label.zh}
      </label>
      <ItemInput item={item} value={value} onChange={setValue} id="control" labelId="label" invalid={false} lang="zh" today="2026-03-01" />
      <output data-testid="value">{JSON.stringify(value) ?? 'undefined'}</output>
    </>
  );
}

const shownValue = () => screen.getByTestId('value').textContent;

describe('the number box', () => {
  const weight: LeafItem = {
    key: 'weight',
    label: { zh: '体重', en: 'Weight' },
    type: 'number',
    min: 20,
    max: 300,
    decimals: 1,
    unit: 'kg',
  };

  it('keeps what is typed, steps with the arrow keys and writes the decimals when left', async () => {
    const { user } = renderInApp(<Harness item={weight} />);
    const box = screen.getByRole('spinbutton');
    await user.type(box, '７０');
    expect(shownValue()).toBe('70');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveValue('70.2');
    expect(shownValue()).toBe('70.2');
    await user.clear(box);
    await user.type(box, '68');
    await user.tab();
    expect(box).toHaveValue('68.0');
    expect(shownValue()).toBe('68');
  });

  it('shows a stored value with its decimals, and hands on text that is not a number', async () => {
    const { user } = renderInApp(<Harness item={weight} initial={70} />);
    const box = screen.getByRole('spinbutton');
    expect(box).toHaveValue('70.0');
    expect(box).toHaveAttribute('aria-valuenow', '70');
    await user.clear(box);
    await user.type(box, '7o');
    expect(shownValue()).toBe('"7o"');
    await user.clear(box);
    expect(shownValue()).toBe('undefined');
  });
});

describe('longer lists of answers', () => {
  it('are a drop-down whose first entry clears the answer', () => {
    renderInApp(<Harness item={pulse} />);
    const select = screen.getByRole('combobox', { name: '脉象' });
    fireEvent.change(select, { target: { value: 'slippery' } });
    expect(shownValue()).toBe('"slippery"');
    expect(select).toHaveDisplayValue('滑');
    fireEvent.change(select, { target: { value: '' } });
    expect(shownValue()).toBe('undefined');
    expect(select).toHaveDisplayValue('请选择');
  });
});

describe('boxes to tick', () => {
  const symptoms: LeafItem = {
    key: 'symptoms',
    label: { zh: '症状', en: 'Symptoms' },
    type: 'multiple',
    exclusive: ['none'],
    options: [
      { value: 'none', label: { zh: '无症状', en: 'None' } },
      { value: 'thirst', label: { zh: '口干多饮', en: 'Thirst' } },
      { value: 'polyuria', label: { zh: '尿频量多', en: 'Frequent urination' } },
    ],
  };

  it("keep the answers in the options' order, and an exclusive answer clears the others", async () => {
    const { user } = renderInApp(<Harness item={symptoms} />);
    const group = screen.getByRole('group', { name: '症状' });
    expect(group.tagName).toBe('FIELDSET');
    await user.click(screen.getByRole('checkbox', { name: '尿频量多' }));
    await user.click(screen.getByRole('checkbox', { name: '口干多饮' }));
    expect(shownValue()).toBe('["thirst","polyuria"]');
    await user.click(screen.getByRole('checkbox', { name: '无症状' }));
    expect(shownValue()).toBe('["none"]');
    expect(screen.getByRole('checkbox', { name: '口干多饮' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '口干多饮' }));
    expect(shownValue()).toBe('["thirst"]');
  });

  it('and a yes/no item is a pair of radio buttons the arrow keys move between', async () => {
    const { user } = renderInApp(
      <Harness item={{ key: 'smoker', label: { zh: '是否吸烟', en: 'Smoker' }, type: 'boolean' } as LeafItem} />,
    );
    const group = screen.getByRole('radiogroup', { name: '是否吸烟' });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '是' }));
    expect(shownValue()).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '否' })).toBeChecked();
    expect(shownValue()).toBe('false');
  });
});

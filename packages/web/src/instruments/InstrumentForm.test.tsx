// @vitest-environment happy-dom

import { initialValues } from '@tcm/contracts/instruments/engine';
import { ANNEX_KEYS, INSTRUMENTS } from '@tcm/contracts/instruments/index';
import type { InstrumentDefinition, Item, LeafItem, LikertItem, RecordData } from '@tcm/contracts/instruments/types';
import { allItems, visibleItems } from '@tcm/contracts/instruments/visibility';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { bootI18n, renderInApp } from '../test-support/render';
import { buildInstrumentContext } from './context';
import { InstrumentForm } from './InstrumentForm';
import { isControlGroup } from './item-inputs';
import { useInstrumentForm } from './use-instrument-form';

/*
 * The generic instrument form as a doctor uses it: found by roles and labels, filled in by typing and
 * clicking, checked by the engine on 保存 — for every real annex definition of contracts.
 */

const TODAY = '2026-03-01';

/** The form as RecordEditor mounts it, with a 保存 button that runs the engine's check and hands on the payload. */
function FormUnderTest({
  def,
  onSubmit,
  gender,
}: {
  def: InstrumentDefinition;
  onSubmit?: (data: RecordData) => void;
  gender?: 'man' | 'woman';
}) {
  const form = useInstrumentForm(def, buildInstrumentContext(def.key, { gender }, {}, undefined, TODAY));
  return (
    <>
      <InstrumentForm form={form} prefix="t" />
      <button
        type="button"
        onClick={() => {
          const data = form.check();
          if (data) onSubmit?.(data);
        }}
      >
        保存
      </button>
    </>
  );
}

function renderForm(def: InstrumentDefinition, options: { gender?: 'man' | 'woman' } = {}) {
  const onSubmit = vi.fn<(data: RecordData) => void>();
  return { ...renderInApp(<FormUnderTest def={def} onSubmit={onSubmit} gender={options.gender} />), onSubmit };
}

/**
 * The role a doctor (and a screen reader) finds an item's control by; null for a date, the app's date
 * field (a text box that opens a calendar, found by its picker).
 */
function roleOf(item: LeafItem): 'spinbutton' | 'textbox' | 'radiogroup' | 'group' | 'combobox' | null {
  if (item.type === 'number') return 'spinbutton';
  if (item.type === 'date') return null;
  if (item.type === 'text') return 'textbox';
  if (item.type === 'multiple') return 'group';
  return isControlGroup(item) ? 'radiogroup' : 'combobox';
}

/**
 * The control of a visible item: labelled by the item's label (a <label for> or aria-labelledby),
 * announced with the role a doctor expects for its type. (Label first: role queries over a whole
 * antd form are slow, and the label is how a person finds the field.)
 */
function controlOf(item: LeafItem, lang: 'zh' | 'en' = 'zh', scope: HTMLElement = document.body): HTMLElement {
  const role = roleOf(item);
  const labelled = within(scope).getAllByLabelText(item.label[lang], { exact: true });
  const controls = labelled.filter((el) =>
    role === null
      ? el.matches('.ant-picker input')
      : el.getAttribute('role') === role ||
        (role === 'group' && el.tagName === 'FIELDSET') ||
        (!el.hasAttribute('role') && role !== 'group' && role !== 'radiogroup'),
  );
  expect(controls, item.key).toHaveLength(1);
  const control = controls[0] as HTMLElement;
  if (role !== null) expect(control, item.key).toHaveRole(role);
  expect(control, item.key).toHaveAccessibleName(item.label[lang]);
  return control;
}

const legends = () => screen.queryAllByText((_, el) => el?.tagName === 'LEGEND').map((el) => el.textContent);

const itemOf = (def: InstrumentDefinition, key: string) => allItems(def).find((item) => item.key === key) as Item;

beforeAll(bootI18n);

describe('every annex', () => {
  it.each(ANNEX_KEYS.map((key) => [key, INSTRUMENTS[key]] as const))(
    'annex %s: shows each visible item with its zh label naming its control, every section titled, hidden items absent',
    (_, def) => {
      const { container } = renderForm(def);
      const visible = visibleItems(def, initialValues(def));
      for (const item of visible) {
        if (item.type === 'likert') expect(screen.getByText(item.label.zh, { selector: 'legend' }).parentElement).toHaveRole('group');
        else if (item.type === 'group')
          expect(screen.getByText(item.label.zh, { selector: 'h4' }).closest('section')).toHaveAccessibleName(item.label.zh);
        else controlOf(item);
      }
      for (const item of allItems(def).filter((candidate) => !visible.includes(candidate) && candidate.type !== 'likert'))
        expect(screen.queryByLabelText(item.label.zh, { exact: true }), item.key).not.toBeInTheDocument();
      const titled = def.sections.filter((section) => section.items.some((item) => visible.includes(item)));
      expect(legends().filter((text) => def.sections.some((section) => section.title.zh === text))).toEqual(
        titled.map((section) => section.title.zh),
      );
      // No unnamed control anywhere: every box, button, choice and choice group is announced with a name.
      for (const control of container.querySelectorAll('input:not([type=hidden]), textarea, button, [role=radiogroup], [role=group]'))
        expect(control).toHaveAccessibleName();
    },
  );
});

describe('体格检查 (annex 6): typing measurements', () => {
  it('marks the required items and shows each measurement with its unit', () => {
    renderForm(INSTRUMENTS['6']);
    for (const [name, unit] of [
      ['身高', 'cm'],
      ['体重', 'kg'],
      ['收缩压', 'mmHg'],
    ] as const) {
      const field = screen.getByRole('spinbutton', { name }).closest('.instrument-field') as HTMLElement;
      expect(within(field).getByText(unit)).toBeInTheDocument();
    }
    const labelOf = (name: string) => screen.getByText(name, { selector: 'span' }).closest('label') as HTMLElement;
    expect(labelOf('身高')).toHaveClass('is-required');
    expect(labelOf('体重')).toHaveClass('is-required');
    expect(labelOf('腰围')).not.toHaveClass('is-required');
    expect(screen.getByRole('spinbutton', { name: '身高' })).toBeRequired();
    expect(screen.getByRole('spinbutton', { name: '腰围' })).not.toBeRequired();
  });

  it('shows the BMI, its band and the blood-pressure category live as values are typed', async () => {
    const { user } = renderForm(INSTRUMENTS['6']);
    const derived = screen.getByRole('region', { name: '计算结果' });
    expect(within(derived).queryByTestId('derived-bmi')).not.toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: '身高' }), '160');
    await user.type(screen.getByRole('spinbutton', { name: '体重' }), '64');
    expect(within(derived).getByTestId('derived-bmi')).toHaveTextContent('25 kg/m²');
    expect(within(derived).getByTestId('derived-bmiBand')).toHaveTextContent('超重');
    await user.type(screen.getByRole('spinbutton', { name: '收缩压' }), '145');
    await user.type(screen.getByRole('spinbutton', { name: '舒张压' }), '85');
    expect(screen.getByTestId('beside-bpBand')).toHaveTextContent(/^血压分级：1级高血压/);
  });

  it('names every bad answer on its item, announced with the control, and submits nothing', async () => {
    const { user, onSubmit } = renderForm(INSTRUMENTS['6']);
    // The new record's date (today) taken away with the field's clear button.
    const clear = screen.getByLabelText('检查日期').closest('.ant-picker')?.querySelector('.ant-picker-clear');
    if (!clear) throw new Error('the date field has no clear button');
    await user.click(clear);
    await user.type(screen.getByRole('spinbutton', { name: '身高' }), '16');
    await user.type(screen.getByRole('spinbutton', { name: '收缩压' }), '80');
    await user.type(screen.getByRole('spinbutton', { name: '舒张压' }), '90');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('检查日期')).toHaveAccessibleDescription('请填写 检查日期');
    expect(screen.getByRole('spinbutton', { name: '身高' })).toHaveAccessibleDescription(/^身高 超出范围（/);
    expect(screen.getByRole('spinbutton', { name: '身高' })).toBeInvalid();
    expect(screen.getByRole('spinbutton', { name: '体重' })).toHaveAccessibleDescription('请填写 体重');
    expect(screen.getByRole('spinbutton', { name: '舒张压' })).toHaveAccessibleDescription('舒张压 应低于收缩压');
    expect(screen.getByRole('spinbutton', { name: '腰围' })).not.toBeInvalid();

    // Correcting an answer clears its message.
    await user.clear(screen.getByRole('spinbutton', { name: '身高' }));
    await user.type(screen.getByRole('spinbutton', { name: '身高' }), '160');
    expect(screen.getByRole('spinbutton', { name: '身高' })).not.toHaveAccessibleDescription(/超出范围/);
  });

  it('submits what was entered (keyboard only), as the engine stores it', async () => {
    const { user, onSubmit } = renderForm(INSTRUMENTS['6']);
    const date = screen.getByLabelText('检查日期');
    expect(date, 'a new record is dated today').toHaveValue(TODAY);
    await user.clear(date);
    await user.type(date, '20260201{Enter}');
    expect(date).toHaveValue('2026-02-01');
    await user.click(screen.getByRole('spinbutton', { name: '身高' }));
    await user.keyboard('160.5');
    await user.tab();
    expect(screen.getByRole('spinbutton', { name: '体重' })).toHaveFocus();
    await user.keyboard('64');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ examDate: '2026-02-01', height: 160.5, weight: 64 });
  });
});

describe('show-when', () => {
  it('生活方式 (annex 2): 吸烟 reveals 日吸烟量 and 吸烟年数; 已戒烟 keeps only 吸烟年数', async () => {
    const { user } = renderForm(INSTRUMENTS['2']);
    expect(screen.queryByRole('spinbutton', { name: '日吸烟量' })).not.toBeInTheDocument();
    const smoking = screen.getByRole('radiogroup', { name: '吸烟情况' });
    await user.click(within(smoking).getByRole('radio', { name: '吸烟' }));
    expect(screen.getByRole('spinbutton', { name: '日吸烟量' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: '吸烟年数' })).toBeInTheDocument();
    await user.click(within(smoking).getByRole('radio', { name: '已戒烟' }));
    expect(screen.queryByRole('spinbutton', { name: '日吸烟量' })).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: '吸烟年数' })).toBeInTheDocument();
  });

  it('首诊 (annex 1): 中医病名 其他 swaps 脾瘅分型 for 其他中医病名, which is then required', async () => {
    const { user, onSubmit } = renderForm(INSTRUMENTS['1']);
    expect(screen.getByRole('radiogroup', { name: '脾瘅分型' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: '中医病名' })).getByRole('radio', { name: '其他' }));
    expect(screen.queryByRole('radiogroup', { name: '脾瘅分型' })).not.toBeInTheDocument();
    const other = screen.getByRole('textbox', { name: '其他中医病名' });
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(other).toHaveAccessibleDescription('请填写 其他中医病名');
  });
});

describe('repeating group (annex 9 用药)', () => {
  it('adds a row whose items are named by their labels, then removes it', async () => {
    const { user } = renderForm(INSTRUMENTS['9']);
    const medicines = screen.getByRole('region', { name: '用药' });
    expect(within(medicines).queryByRole('textbox', { name: '药物名称' })).not.toBeInTheDocument();
    await user.click(within(medicines).getByRole('button', { name: '添加用药' }));
    expect(within(medicines).getByRole('textbox', { name: '药物名称' })).toBeInTheDocument();
    await user.click(within(medicines).getByRole('button', { name: /删除.*用药.*1/ }));
    expect(within(medicines).queryByRole('textbox', { name: '药物名称' })).not.toBeInTheDocument();
  });
});

describe('体质问卷 (annex 3, CCMQ)', () => {
  it('asks 60 questions of 5 answers each and counts the answers given', async () => {
    const { user } = renderForm(INSTRUMENTS['3'], { gender: 'woman' });
    const likert = allItems(INSTRUMENTS['3']).find((item) => item.type === 'likert') as LikertItem;
    const questionnaire = screen.getByTestId(`likert-${likert.key}`);
    expect(questionnaire).toHaveRole('group');
    expect(questionnaire).toHaveAccessibleName(likert.label.zh);
    const questions = [...questionnaire.querySelectorAll<HTMLElement>('[role=radiogroup]')];
    expect(questions).toHaveLength(60);
    questions.forEach((question, index) => {
      expect(question).toHaveAccessibleName(
        expect.stringContaining((likert.questions[index]?.labelBySex?.woman ?? likert.questions[index]?.label)?.zh ?? '?'),
      );
      const answers = question.querySelectorAll('input[type=radio]');
      expect([...answers].map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    });
    expect(screen.getByText('已答 0 / 60 题')).toBeInTheDocument();
    await user.click(within(questions[0] as HTMLElement).getAllByRole('radio')[2] as HTMLElement);
    expect(screen.getByText('已答 1 / 60 题')).toBeInTheDocument();
  });
});

describe('en-US', () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-CN'));

  it('labels the items, the sections and the group buttons in English', async () => {
    const def = INSTRUMENTS['9'];
    renderForm(def);
    for (const item of visibleItems(def, initialValues(def))) {
      if (item.type === 'group') expect(screen.getByRole('region', { name: item.label.en })).toBeInTheDocument();
      else if (item.type !== 'likert') expect(controlOf(item, 'en'), item.key).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Add Medicines' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('radiogroup', { name: itemOf(def, 'referral').label.en })).getByRole('radio', { name: 'Yes' }),
    ).toBeInTheDocument();
  });
});

describe('items for women only', () => {
  beforeAll(bootI18n);
  const annex1 = INSTRUMENTS['1'];

  it('asks a woman about pregnancy or breastfeeding', async () => {
    renderForm(annex1, { gender: 'woman' });
    expect(await screen.findByRole('radiogroup', { name: '妊娠/哺乳' })).toBeInTheDocument();
  });

  it('leaves the question out of a man’s form', async () => {
    renderForm(annex1, { gender: 'man' });
    await screen.findByRole('spinbutton', { name: '空腹血糖' });
    expect(screen.queryByRole('radiogroup', { name: '妊娠/哺乳' })).not.toBeInTheDocument();
  });
});

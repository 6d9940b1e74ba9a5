import type { Gender } from '@tcm/contracts/clinical/resident-id';
import { initialRow, initialValues } from '@tcm/contracts/instruments/engine';
import { ANNEX_KEYS, INSTRUMENTS } from '@tcm/contracts/instruments/index';
import type { InstrumentDefinition, Item, LeafItem, LikertItem, RecordData } from '@tcm/contracts/instruments/types';
import { allItems, visibleItems } from '@tcm/contracts/instruments/visibility';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { descendants, type El, parseHtml, rawTextOf } from '../test-support/static-markup';
import { buildInstrumentContext } from './context';
import { InstrumentForm } from './InstrumentForm';
import { useInstrumentForm } from './use-instrument-form';

/*
 * DOM-level checks of the generic form for every instrument, without a DOM library: the form is
 * rendered to static HTML (as the server would) and read back with the tag parser of
 * test-support/static-markup.ts.
 */

// Text as written (not collapsed): the checks compare labels and units exactly.
const textOf = rawTextOf;
const hasClass = (el: El, name: string) => (el.attrs.class ?? '').split(/\s+/).includes(name);

/** The section titles: the legends of the form's section fieldsets (a questionnaire has its own). */
function sectionLegends(page: { elements: El[] }): string[] {
  return page.elements.filter((el) => el.tag === 'legend' && el.parent !== null && hasClass(el.parent, 'instrument-section')).map(textOf);
}

function ancestor(el: El, test: (candidate: El) => boolean): El | undefined {
  for (let node = el.parent; node; node = node.parent) if (test(node)) return node;
  return undefined;
}

/** A rendered form: its elements in document order and the lookups the checks need. */
class Page {
  readonly elements: El[];
  constructor(readonly html: string) {
    this.elements = parseHtml(html);
  }
  withId(id: string): El[] {
    return this.elements.filter((el) => el.attrs.id === id);
  }
  /** The wrapper of an item (`key`, or `group.row.key` inside a repeating group). */
  item(path: string): El | undefined {
    return this.elements.find((el) => el.attrs['data-item'] === path);
  }
  /** The accessible name, as far as this form uses the naming rules: labelledby, aria-label, label for, wrapping label. */
  nameOf(el: El): string {
    const labelledBy = el.attrs['aria-labelledby'];
    if (labelledBy)
      return labelledBy
        .split(/\s+/)
        .map((id) => this.withId(id).map(textOf).join(' '))
        .join(' ')
        .trim();
    if (el.attrs['aria-label']) return el.attrs['aria-label'].trim();
    const id = el.attrs.id;
    const forLabels = id ? this.elements.filter((label) => label.tag === 'label' && label.attrs.for === id) : [];
    if (forLabels.length > 0) return forLabels.map(textOf).join(' ').trim();
    const wrapping = ancestor(el, (node) => node.tag === 'label');
    return wrapping ? textOf(wrapping) : textOf(el);
  }
}

const isControl = (el: El) => ['input', 'textarea', 'select'].includes(el.tag) && el.attrs.type !== 'hidden';
const isChoice = (el: El) => el.tag === 'input' && (el.attrs.type === 'radio' || el.attrs.type === 'checkbox');
const isChoiceGroup = (el: El) => el.attrs.role === 'radiogroup' || el.attrs.role === 'group';

// ---------------------------------------------------------------------------------------------
// Rendering the form the way RecordEditor does, with the context RecordInstrumentPanel builds.

const TODAY = '2026-03-01';
const PREFIX = 'f';
const DEFINITIONS: InstrumentDefinition[] = ANNEX_KEYS.map((key) => INSTRUMENTS[key]);

function FormUnderTest({ def, gender, saved }: { def: InstrumentDefinition; gender?: Gender; saved?: RecordData }) {
  const context = buildInstrumentContext(def.key, { gender }, {}, undefined, TODAY);
  const form = useInstrumentForm(def, context, saved);
  return <InstrumentForm form={form} prefix={PREFIX} />;
}

function render(def: InstrumentDefinition, options: { saved?: RecordData; gender?: Gender } = {}): Page {
  return new Page(renderToStaticMarkup(<FormUnderTest def={def} gender={options.gender} saved={options.saved} />));
}

/**
 * Answers that reveal every conditional item they can (when two conditions on one item conflict,
 * the later wins) and one blank row in every repeating group, so row items are rendered too.
 */
function openValues(def: InstrumentDefinition): RecordData {
  const values: RecordData = {};
  for (const item of allItems(def)) {
    if (item.type === 'group') values[item.key] = [initialRow(item)];
    const when = item.showWhen;
    if (!when) continue;
    const current = values[when.item];
    if (when.includes !== undefined) values[when.item] = [...(Array.isArray(current) ? current : []), when.includes];
    else values[when.item] = when.equals ?? when.in?.[0] ?? 1; // no condition: any filled-in value
  }
  return values;
}

/** What the form starts from without a saved record: the definition's blank values and defaults. */
const emptyValues = (def: InstrumentDefinition) => initialValues(def);
const pages = new Map<string, Page>();
const emptyPage = (def: InstrumentDefinition) => cached(`${def.key}:empty`, () => render(def));
const openPage = (def: InstrumentDefinition) => cached(`${def.key}:open`, () => render(def, { saved: openValues(def) }));
function cached(key: string, make: () => Page): Page {
  const page = pages.get(key) ?? make();
  pages.set(key, page);
  return page;
}

/** Every leaf item the page shows, with its path: top-level items and the items of each group row (not questionnaires). */
function renderedLeaves(def: InstrumentDefinition, page: Page): { path: string; item: LeafItem }[] {
  return allItems(def).flatMap((item): { path: string; item: LeafItem }[] => {
    if (item.type === 'likert') return [];
    if (item.type !== 'group') return page.item(item.key) ? [{ path: item.key, item }] : [];
    return item.items.flatMap((sub) =>
      page.elements
        .map((el) => el.attrs['data-item'] ?? '')
        .filter((path) => new RegExp(`^${item.key}\\.\\d+\\.${sub.key}$`).test(path))
        .map((path) => ({ path, item: sub })),
    );
  });
}

/** Top-level item keys in the order the page shows them (likert items are marked by their test id). */
function renderedTopLevelKeys(page: Page): string[] {
  return page.elements.flatMap((el) => {
    const path = el.attrs['data-item'];
    if (path && !path.includes('.')) return [path];
    const likert = /^likert-(.+)$/.exec(el.attrs['data-testid'] ?? '')?.[1];
    return likert ? [likert] : [];
  });
}

/** The item's label as rendered: the Form.Item label of a leaf, the heading of a group. */
function renderedLabel(page: Page, item: Item, path = item.key): string {
  const wrapper = page.item(path);
  if (!wrapper) return '';
  const label = descendants(wrapper).find((el) => (item.type === 'group' ? el.tag === 'h4' : el.tag === 'label'));
  if (!label) return '';
  // A group heading carries its required marker as text; the label is what comes before it.
  const marker = descendants(label).find((el) => hasClass(el, 'instrument-required'));
  return textOf(label)
    .replace(marker ? textOf(marker) : '', '')
    .trim();
}

async function withBrowserGlobals<T>(run: () => Promise<T>): Promise<T> {
  // initI18n/changeLanguage set <html lang> and read the stored language: give them just that.
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('localStorage', undefined);
  try {
    return await run();
  } finally {
    vi.unstubAllGlobals();
  }
}

beforeAll(async () => {
  await withBrowserGlobals(initI18n);
});

const cases = DEFINITIONS.map((def) => [`annex ${def.key}`, def] as const);

// ---------------------------------------------------------------------------------------------

describe('items and show-when', () => {
  it.each(cases)('%s: shows exactly the items visible for empty answers, in form order, each with its zh label', (_, def) => {
    const page = emptyPage(def);
    const visible = visibleItems(def, emptyValues(def));
    expect(renderedTopLevelKeys(page)).toEqual(visible.map((item) => item.key));
    for (const item of visible) {
      // The form renders no label of its own for a questionnaire (体质问卷): its section legend names it.
      if (item.type === 'likert') continue;
      expect(renderedLabel(page, item), item.key).toBe(item.label.zh);
    }
    const hidden = allItems(def).filter((item) => !visible.includes(item));
    for (const item of hidden) {
      expect(page.item(item.key), item.key).toBeUndefined();
      expect(page.withId(`${PREFIX}-${item.key}`), item.key).toHaveLength(0);
    }
  });

  it.each(cases)('%s: titles every section that has a visible item', (_, def) => {
    const page = emptyPage(def);
    const legends = sectionLegends(page);
    const visible = new Set(visibleItems(def, emptyValues(def)).map((item) => item.key));
    const expected = def.sections.filter((section) => section.items.some((item) => visible.has(item.key)));
    expect(legends).toEqual(expected.map((section) => section.title.zh));
  });

  it.each([
    { annex: '7', answers: { symptoms: ['other'] }, shows: ['symptomsOther'], hides: [] },
    {
      annex: '9',
      answers: { referral: true },
      shows: ['referralReason', 'referralInstitution', 'referralContact', 'referralResult'],
      hides: [],
    },
    { annex: '2', answers: { smoking: 'current' }, shows: ['cigarettesPerDay', 'smokingYears'], hides: [] },
    { annex: '2', answers: { smoking: 'former' }, shows: ['smokingYears'], hides: [] },
    // 中医病名 defaults to 脾瘅, so 脾瘅分型 shows on a blank form; choosing 其他 swaps it for 其他中医病名.
    { annex: '1', answers: { tcmDisease: 'other' }, shows: ['tcmDiseaseOther'], hides: ['pidanType'] },
  ] as const)('annex $annex: $answers reveals $shows', ({ annex, answers, shows, hides }) => {
    const def = INSTRUMENTS[annex];
    const item = (key: string) => allItems(def).find((candidate) => candidate.key === key) as Item;
    const before = renderedTopLevelKeys(emptyPage(def));
    for (const key of shows) expect(before, `${key} before`).not.toContain(key);
    for (const key of hides) expect(before, `${key} before`).toContain(key);

    const after = render(def, { saved: answers });
    const expected = allItems(def)
      .map((candidate) => candidate.key)
      .filter((key) => (before.includes(key) || (shows as readonly string[]).includes(key)) && !(hides as readonly string[]).includes(key));
    expect(renderedTopLevelKeys(after)).toEqual(expected);
    for (const key of shows) expect(renderedLabel(after, item(key)), key).toBe(item(key).label.zh);
  });

  it.each(cases)('%s: with conditions met and a row in every group, shows those items and every row item', (_, def) => {
    const page = openPage(def);
    const values = { ...emptyValues(def), ...openValues(def) };
    expect(renderedTopLevelKeys(page)).toEqual(visibleItems(def, values).map((item) => item.key));
    for (const group of allItems(def).filter((item) => item.type === 'group')) {
      for (const sub of group.items)
        expect(renderedLabel(page, sub, `${group.key}.0.${sub.key}`), `${group.key}.0.${sub.key}`).toBe(sub.label.zh);
    }
  });
});

describe('every control is labelled', () => {
  const states = cases.flatMap(([name, def]) => [
    [`${name}, empty`, () => emptyPage(def)] as const,
    [`${name}, conditions met and a row in every group`, () => openPage(def)] as const,
  ]);

  it.each(states)('%s: ids are unique and every id reference resolves', (_, page) => {
    const p = page();
    const ids = p.elements.map((el) => el.attrs.id).filter((id): id is string => !!id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const el of p.elements) {
      const refs = [el.attrs.for, el.attrs['aria-labelledby'], el.attrs['aria-describedby']].filter(Boolean).join(' ');
      for (const id of refs.split(/\s+/).filter(Boolean)) expect(p.withId(id), `${el.tag} → #${id}`).toHaveLength(1);
    }
  });

  it.each(states)('%s: every <label for> names a form control', (_, page) => {
    const p = page();
    for (const label of p.elements.filter((el) => el.tag === 'label' && el.attrs.for)) {
      const [target] = p.withId(label.attrs.for ?? '');
      expect(target && isControl(target), `label for=${label.attrs.for}`).toBe(true);
      expect(textOf(label)).not.toBe('');
    }
  });

  it.each(states)('%s: every input, textarea and button has a non-empty accessible name', (_, page) => {
    const p = page();
    const unnamed = p.elements
      .filter((el) => isControl(el) || el.tag === 'button')
      .filter((el) => p.nameOf(el) === '')
      .map((el) => `${el.tag}#${el.attrs.id ?? '?'} in ${ancestor(el, (node) => !!node.attrs['data-item'])?.attrs['data-item'] ?? '?'}`);
    expect(unnamed).toEqual([]);
  });

  it.each(states)('%s: every radio and checkbox sits in a named radiogroup/group', (_, page) => {
    const p = page();
    for (const choice of p.elements.filter(isChoice)) {
      const group = ancestor(choice, isChoiceGroup);
      expect(group, `${choice.attrs.type} ${choice.attrs.value}`).toBeDefined();
      expect(p.nameOf(group as El)).not.toBe('');
    }
  });

  it.each(cases)("%s: each item's control is named by the item's label", (_, def) => {
    const page = openPage(def);
    for (const { path, item } of renderedLeaves(def, page)) {
      const inside = descendants(page.item(path) as El);
      const group = inside.find(isChoiceGroup);
      const named = group ? [group] : inside.filter(isControl);
      expect(named.length, path).toBeGreaterThan(0);
      for (const el of named) expect(page.nameOf(el), path).toBe(item.label.zh);
    }
  });
});

describe('required marker', () => {
  // No real definition has a required group yet; this variant of 自定义记录 shows that marker too.
  const withRequiredGroup: InstrumentDefinition = {
    ...INSTRUMENTS.custom,
    sections: INSTRUMENTS.custom.sections.map((section) => ({
      ...section,
      items: section.items.map((item) => (item.type === 'group' ? { ...item, required: true } : item)),
    })),
  };

  it.each([...cases, ['custom with a required group', withRequiredGroup] as const])(
    '%s: required items are marked and optional items are not',
    (_, def) => {
      const page = def === withRequiredGroup ? render(def, { saved: openValues(def) }) : openPage(def);
      for (const { path, item } of renderedLeaves(def, page)) {
        const label = descendants(page.item(path) as El).find((el) => el.tag === 'label') as El;
        expect(hasClass(label, 'ant-form-item-required'), path).toBe(!!item.required);
      }
      for (const group of allItems(def).filter((item) => item.type === 'group')) {
        const heading = descendants(page.item(group.key) as El).find((el) => el.tag === 'h4') as El;
        expect(
          descendants(heading).some((el) => hasClass(el, 'instrument-required')),
          group.key,
        ).toBe(!!group.required);
      }
    },
  );
});

describe('number units', () => {
  it.each(cases)('%s: number items show their unit after the input', (_, def) => {
    const page = openPage(def);
    for (const { path, item } of renderedLeaves(def, page)) {
      if (item.type !== 'number') continue;
      const suffixes = descendants(page.item(path) as El).filter((el) => hasClass(el, 'ant-input-number-suffix'));
      expect(suffixes.map(textOf), path).toEqual(item.unit ? [item.unit] : []);
    }
  });
});

describe('CCMQ (annex 3)', () => {
  const ccmq = INSTRUMENTS['3'];
  const likert = allItems(ccmq).find((item) => item.type === 'likert') as LikertItem;
  const bySex = likert.questions.filter((question) => question.labelBySex);
  const questionRows = (page: Page) => page.elements.filter((el) => el.attrs.role === 'radiogroup' && el.attrs['data-question']);

  it('asks 60 questions, once each, in one radio group of 5 answers per question', () => {
    const page = emptyPage(ccmq);
    const rows = questionRows(page);
    expect(rows).toHaveLength(60);
    expect(rows.map((row) => row.attrs['data-question'])).toEqual(likert.questions.map((question) => question.key));
    const names = new Set<string>();
    for (const row of rows) {
      const radios = descendants(row).filter(isChoice);
      expect(radios.map((radio) => radio.attrs.value)).toEqual(['1', '2', '3', '4', '5']);
      expect(radios.map((radio) => page.nameOf(radio))).toEqual(likert.options.map((option) => option.label.zh));
      const rowNames = new Set(radios.map((radio) => radio.attrs.name));
      expect(rowNames.size).toBe(1);
      names.add(radios[0]?.attrs.name ?? '');
    }
    expect(names.size).toBe(60);
    expect(page.elements.filter(isChoice)).toHaveLength(300);
  });

  it('sits under its section legend with the instruction and the progress', () => {
    const page = emptyPage(ccmq);
    const questionnaire = ccmq.sections.find((section) => section.items.includes(likert));
    expect(sectionLegends(page)).toContain(questionnaire?.title.zh);
    expect(page.html).toContain(likert.instruction?.zh);
    expect(page.html).toContain('已答 0 / 60 题');
  });

  it('is one fieldset whose legend names the questionnaire, holding every question', () => {
    const page = emptyPage(ccmq);
    const [fieldset, ...others] = page.elements.filter((el) => el.attrs['data-testid'] === `likert-${likert.key}`);
    expect(others).toHaveLength(0);
    expect(fieldset?.tag).toBe('fieldset');
    const legend = fieldset?.children.find((child): child is El => typeof child !== 'string' && child.tag === 'legend');
    expect(legend && textOf(legend)).toBe(likert.label.zh);
    expect(questionRows(page).every((row) => ancestor(row, (node) => node === fieldset))).toBe(true);
  });

  it('has exactly one sex-specific question (shire6)', () => {
    expect(bySex.map((question) => question.slots)).toEqual([['shire6']]);
  });

  it.each(['man', 'woman'] as const)('asks the shire6 question worded for a %s', (gender) => {
    const [question] = bySex;
    if (!question?.labelBySex) throw new Error('no sex-specific question');
    const other = gender === 'man' ? 'woman' : 'man';
    const page = render(ccmq, { gender });
    const row = questionRows(page).find((el) => el.attrs['data-question'] === question.key) as El;
    const name = page.nameOf(row);
    expect(name).toContain(question.labelBySex[gender].zh);
    expect(name).not.toContain(question.labelBySex[other].zh);
  });

  it('asks the shire6 question with both wordings when the sex is unknown', () => {
    const [question] = bySex;
    const page = render(ccmq);
    const row = questionRows(page).find((el) => el.attrs['data-question'] === question?.key) as El;
    expect(page.nameOf(row)).toContain(question?.label.zh);
  });
});

describe('en-US', () => {
  const def = INSTRUMENTS['9'];
  let page: Page;

  beforeAll(async () => {
    await withBrowserGlobals(() => changeLanguage('en-US'));
    page = render(def, { saved: openValues(def) });
  });
  afterAll(async () => {
    await withBrowserGlobals(() => changeLanguage('zh-CN'));
  });

  it('labels every item and titles every section in English', () => {
    expect(i18n.language).toBe('en-US');
    const values = { ...emptyValues(def), ...openValues(def) };
    for (const item of visibleItems(def, values)) expect(renderedLabel(page, item), item.key).toBe(item.label.en);
    for (const { path, item } of renderedLeaves(def, page)) expect(renderedLabel(page, item, path), path).toBe(item.label.en);
    const legends = sectionLegends(page);
    expect(legends).toEqual(def.sections.map((section) => section.title.en));
  });

  it('shows the yes/no answers and the group buttons from the English catalogue', () => {
    const referral = page.item('referral') as El;
    expect(
      descendants(referral)
        .filter(isChoice)
        .map((radio) => page.nameOf(radio)),
    ).toEqual(['Yes', 'No']);
    expect(page.elements.filter((el) => el.tag === 'button').map((el) => page.nameOf(el))).toContain('Add Medicines');
  });

  it('has no Chinese text left, units included', () => {
    const chinese = page.elements
      .flatMap((el) => el.children.filter((child): child is string => typeof child === 'string'))
      .filter((text) => /\p{Script=Han}/u.test(text));
    expect(chinese).toEqual([]);
  });
});

import { text } from './common-items';
import { say } from './messages';
import type { InstrumentDefinition } from './types';

/** 自定义记录: what no annex covers, as a title, free text and any number of label/value lines. */
export const custom: InstrumentDefinition = {
  key: 'custom',
  version: 1,
  title: text('自定义记录', 'Custom record'),
  route: '/custom',
  dateItem: 'recordDate',
  sections: [
    {
      key: 'record',
      title: text('记录', 'Record'),
      items: [
        { key: 'title', label: text('标题', 'Title'), type: 'text', maxLength: 100, required: true },
        { key: 'recordDate', label: text('日期', 'Date'), type: 'date', required: true },
        { key: 'content', label: text('内容', 'Content'), type: 'text', maxLength: 5000, multiline: true },
        {
          key: 'entries',
          label: text('条目', 'Entries'),
          type: 'group',
          maxRows: 50,
          items: [
            { key: 'label', label: text('名称', 'Label'), type: 'text', maxLength: 50, required: true },
            { key: 'value', label: text('内容', 'Value'), type: 'text', maxLength: 500, required: true },
          ],
        },
      ],
    },
  ],
  validate(data, context) {
    const hasEntries = Array.isArray(data.entries) && data.entries.length > 0;
    if (data.content || hasEntries) return [];
    return [
      { item: 'content', message: say(context, '请填写 内容，或至少添加一个条目', 'Please fill in the content, or add at least one item') },
    ];
  },
  history: ['recordDate', 'title', 'content'],
  summary({ data }) {
    return typeof data.title === 'string' ? data.title : '';
  },
};

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AnnexRecord, RecordRevision } from '@tcm/contracts/api/records';
import { annex1 } from '@tcm/contracts/instruments/annex1';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { recordKeys } from './api';
import { RecordRevisions } from './RecordRevisions';

const record = { id: 7, annex: '1', patientId: 3, filledAt: '2026-03-02' } as AnnexRecord;

const revision = (n: number, doctorName: string, data: Record<string, unknown>, changedItems: string[]): RecordRevision => ({
  revision: n,
  version: 1,
  data,
  derived: {},
  filledAt: String(data.testDate),
  doctorId: n,
  doctorName,
  savedAt: `2026-03-0${n + 1}T04:00:00.000Z`,
  changedItems,
});

/** The revisions as the server answers them, rendered as text (tags stripped). */
function rendered(list: RecordRevision[]): string {
  const client = new QueryClient();
  client.setQueryData(recordKeys.revisions(record.patientId, '1', record.id), list);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RecordRevisions def={annex1} record={record} />
    </QueryClientProvider>,
  );
  // One line per revision; the changes inside a revision joined by "; ".
  return html
    .replace(/<li data-testid="record-revision-/g, '\n$&')
    .replace(/<\/li><li>/g, '; ')
    .replace(/<[^>]+>/g, '')
    .replace(/&gt;/g, '>');
}

beforeAll(async () => {
  // initI18n sets <html lang> and reads the stored language: give it just that.
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('localStorage', undefined);
  try {
    await initI18n();
  } finally {
    vi.unstubAllGlobals();
  }
});

describe('the revision history of a record', () => {
  it('lists the revisions newest first with who saved each and every answer it changed, before → after', () => {
    const text = rendered([
      revision(3, '王医生', { testDate: '2026-03-01', fpg: 7.2, hba1c: 6.8 }, ['testDate', 'hba1c']),
      revision(2, '李医生', { testDate: '2026-03-02', fpg: 7.2 }, ['fpg']),
      revision(1, '王医生', { testDate: '2026-03-02', fpg: 5.5 }, []),
    ]);
    const lines = text.split('\n').filter(Boolean);
    expect(lines[0]).toMatch(/^第 3 版 当前版本王医生 · 2026-03-04/);
    expect(lines[0]).toContain('检测日期：2026-03-02 → 2026-03-01');
    expect(lines[0]).toContain('糖化血红蛋白：（空） → 6.8');
    expect(lines[1]).toMatch(/^第 2 版 李医生 · 2026-03-03/);
    expect(lines[1]).toContain('空腹血糖：5.5 mmol/L → 7.2 mmol/L');
    expect(lines[2]).toMatch(/^第 1 版 王医生 · 2026-03-02 \d\d:\d\d新建记录$/);
  });

  it('does not call a revision without its predecessor a new record', () => {
    const text = rendered([revision(2, '李医生', { testDate: '2026-03-02', fpg: 7.2 }, [])]);
    expect(text).not.toContain('新建记录');
  });
});

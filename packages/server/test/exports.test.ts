import { ageOn, annex7, annex8, exportColumns, exportRow } from '@tcm/contracts';
import { EXPORT_NAMES, ExportPaths, XLSX_CONTENT_TYPE } from '@tcm/contracts/api/exports';
import { and, desc, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { createExportScenario, D, D2, type ExportScenario } from './support/export-fixtures';
import { daysAgo } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';
import { download, excelDay, openWorkbook, readSheet } from './support/xlsx';

const PATIENT_HEADERS = [
  '患者编号',
  '姓名',
  '性别',
  '年龄',
  '身份证号',
  '手机号',
  '所属机构',
  '组别',
  '入组日期',
  '管理状态',
  '结束管理日期',
];
const today = daysAgo(0);
const ymd = today.replaceAll('-', '');

describe.each(databaseKinds())('exports on %s', (kind) => {
  let t: TestApp;
  let s: ExportScenario;
  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await createExportScenario(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Downloads an export that must succeed and opens it. */
  const workbook = async (path: string, token: string, query: Record<string, string | number> = {}) => {
    const res = await download(t, path, token, query);
    expect(res.status, JSON.stringify(res.envelope)).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    return { res, book: await openWorkbook(res.body) };
  };
  const names = (book: ExcelJS.Workbook) => book.worksheets.map((sheet) => sheet.name);

  it('exports every annex 7 follow-up with Chinese headers from the definition, typed cells, a codebook and a dated file name', async () => {
    const { res, book } = await workbook(ExportPaths.annex7, s.tokenA);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="follow-up-records_${ymd}.xlsx"; filename*=UTF-8''${encodeURIComponent(`随访记录_${ymd}.xlsx`)}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(names(book)).toEqual(['随访记录', 'codebook']);
    const { headers, rows } = readSheet(book, '随访记录');
    expect(headers).toEqual([...PATIENT_HEADERS, '记录编号', ...exportColumns(annex7).map((c) => c.header), '填写医生', '录入日期']);
    // Live records of live patients of institution A only: not the voided record, patient, or institution B.
    expect(rows.map((r) => r.姓名).sort()).toEqual(['导出乙', '导出甲', '导出甲', '对照丁', '结束己'].sort());
    const first = rows.find((r) => r.姓名 === '导出甲' && r.随访方式 === '门诊')!;
    expect(first).toMatchObject({
      性别: '男',
      年龄: ageOn('1968-03-12'),
      身份证号: s.pA1.idNum,
      所属机构: expect.any(String),
      组别: '管理组',
      管理状态: '管理中',
      随访日期: excelDay(D2.d30),
      空腹血糖: 6.2,
      体重: 76.5,
      症状: '口干多饮、倦怠乏力',
      填写医生: '王医生',
    });
    expect(first.入组日期).toBeInstanceOf(Date);
    expect(String(first.手机号)).toMatch(/^1[3-9]\d{9}$/);
    expect(typeof first.患者编号).toBe('number');

    const codebook = readSheet(book, 'codebook');
    expect(codebook.headers).toEqual(['列', '标签', '类型', '单位', '编码']);
    expect(codebook.rows).toHaveLength(headers.length);
    expect(codebook.rows.map((r) => r.标签)).toEqual(headers);
    expect(codebook.rows.find((r) => r.列 === 'annex7.fpg')).toMatchObject({ 标签: '空腹血糖', 类型: '数值', 单位: 'mmol/L' });
    expect(String(codebook.rows.find((r) => r.列 === 'annex7.symptoms')?.编码)).toContain('thirst=口干多饮');
    expect(codebook.rows.find((r) => r.列 === 'patient.gender')?.编码).toBe('man=男；woman=女');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.actorId, s.doctorA.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ entity: 'export', entityId: 'annex7', institutionId: INSTITUTION_A });
    expect(audit!.detail).toMatchObject({
      export: 'annex7',
      rows: 5,
      outcome: 'completed',
      filters: { institutionId: INSTITUTION_A, from: null, to: null },
    });
  });

  it('keeps a doctor to their institution and lets the admin take all or one', async () => {
    const count = async (token: string, query: Record<string, string | number> = {}) =>
      readSheet((await workbook(ExportPaths.annex7, token, query)).book, '随访记录').rows.length;
    expect(await count(s.tokenB)).toBe(1);
    expect(await count(s.tokenA, { institutionId: INSTITUTION_A })).toBe(5);
    expect(await count(s.adminToken)).toBe(6);
    expect(await count(s.adminToken, { institutionId: INSTITUTION_B })).toBe(1);

    const refused = await download(t, ExportPaths.annex7, s.tokenA, { institutionId: INSTITUTION_B });
    expect(refused.status).toBe(403);
    expect(refused.envelope).toEqual({ code: 403, data: {}, message: '无权访问其他机构的数据' });
    expect((await download(t, ExportPaths.annex7, s.adminToken, { institutionId: 9999 })).envelope?.code).toBe(404);
    expect((await download(t, ExportPaths.annex7, undefined)).envelope?.code).toBe(900);
  });

  it('filters on the clinical date and refuses bad filters with a clear envelope', async () => {
    const { book } = await workbook(ExportPaths.annex7, s.tokenA, { from: daysAgo(12), to: daysAgo(4) });
    expect(readSheet(book, '随访记录').rows.map((r) => r.随访日期)).toEqual([excelDay(D.d5), excelDay(D.d10)]);
    const bad: [Record<string, string>, string][] = [
      [{ from: '2026-02-30' }, '开始日期（from）应为有效日期'],
      [{ to: '20260301' }, '结束日期（to）应为有效日期'],
      [{ from: daysAgo(1), to: daysAgo(5) }, '开始日期不能晚于结束日期'],
      [{ institutionId: 'abc' }, '机构编号（institutionId）必须是正整数'],
    ];
    for (const [query, message] of bad) {
      const res = await download(t, ExportPaths.annex7, s.tokenA, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.envelope?.code).toBe(400);
      expect(res.envelope?.message).toContain(message);
    }
  });

  it('sums up annexes 1–9 per patient (latest record per annex) with a sheet per annex', async () => {
    const { book } = await workbook(ExportPaths.annex1To9, s.tokenA);
    expect(names(book)).toEqual([
      '患者汇总',
      'codebook',
      '附件1 诊断记录',
      '附件2 生活方式',
      '附件3 中医体质辨识',
      '附件4 中医症状评分',
      '附件5 干预记录',
      '附件6 体格检查',
      '附件7 随访记录',
      '附件8 管理结束评估',
      '附件9 2型糖尿病患者随访服务记录表',
    ]);
    const summary = readSheet(book, '患者汇总');
    expect(new Set(summary.headers).size).toBe(summary.headers.length);
    expect(summary.rows.map((r) => r.姓名).sort()).toEqual(['导出乙', '导出甲', '对照丁', '对照戊', '结束己'].sort());
    const a1 = summary.rows.find((r) => r.姓名 === '导出甲')!;
    expect(a1).toMatchObject({ 诊断记录·空腹血糖: 6.4, 随访记录·空腹血糖: 5.9, 随访记录·随访日期: excelDay(D.d5), 体格检查·身高: 170 });
    expect(a1.诊断记录·合并疾病).toBe('高血压、脂肪肝');
    expect(readSheet(book, '附件7 随访记录').rows).toHaveLength(5);
    expect(readSheet(book, '附件9 2型糖尿病患者随访服务记录表').rows).toHaveLength(1);

    const ranged = readSheet((await workbook(ExportPaths.annex1To9, s.tokenA, { from: daysAgo(12) })).book, '患者汇总');
    expect(ranged.rows.map((r) => r.姓名).sort()).toEqual(['导出乙', '导出甲', '结束己'].sort());
    expect(ranged.rows.find((r) => r.姓名 === '导出甲')?.诊断记录·空腹血糖).toBeUndefined();
  });

  it('lists managed patients with a ✓ per filled instrument and their fill-in status', async () => {
    const { book } = await workbook(ExportPaths.registerFillIn, s.tokenA);
    const { headers, rows } = readSheet(book, '填报情况');
    expect(headers.slice(PATIENT_HEADERS.length, PATIENT_HEADERS.length + 2)).toEqual(['附件1 诊断记录', '附件2 生活方式']);
    expect(rows.map((r) => r.姓名).sort()).toEqual(['导出乙', '导出甲', '结束己'].sort());
    const a1 = rows.find((r) => r.姓名 === '导出甲')!;
    expect(a1).toMatchObject({ '附件1 诊断记录': '✓', '附件6 体格检查': '✓', '附件7 随访记录': '✓', 填报状态: '未完成' });
    expect(a1['附件2 生活方式']).toBeUndefined();
    expect(a1.缺少的基线附件).toBe('附件2、附件3、附件4');
    expect(rows.find((r) => r.姓名 === '结束己')).toMatchObject({ '附件8 管理结束评估': '✓', 管理状态: '已结束管理' });
  });

  it('exports every live prescription in words and as raw fields', async () => {
    const { book } = await workbook(ExportPaths.prescriptions, s.tokenA);
    const { rows } = readSheet(book, '健康处方');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      姓名: '导出甲',
      处方类型: '饮食处方',
      开具日期: excelDay(today),
      开具医生: '王医生',
      饮食处方·控制总热量: '是',
      饮食处方·低盐低脂: '否',
      饮食处方·食疗方内容: '山药薏米粥，每周3次',
    });
    expect(rows[0]!.处方内容).toContain('控制总热量');
    expect(rows[0]!.处方内容).toContain('山药薏米粥');
    expect(rows[0]!.睡眠处方·规律作息).toBeUndefined();
  });

  it('exports the ended members of each group with baseline, latest follow-up and the end evaluation', async () => {
    const sheet = async (path: string, name: string, query: Record<string, string> = {}) =>
      readSheet((await workbook(path, s.tokenA, query)).book, name);
    const diabetes = await sheet(ExportPaths.stopComparativeDiabetes, '对照组糖尿病结束管理');
    expect(diabetes.rows.map((r) => r.姓名)).toEqual(['对照戊']);
    expect(diabetes.rows[0]).toMatchObject({ 末次随访·空腹血糖: 7.5, 末次随访·随访日期: excelDay(D2.d15) });
    expect(diabetes.headers).toContain('基线·诊断记录·空腹血糖');

    const early = await sheet(ExportPaths.stopComparativePreDiabetes, '对照组糖尿病前期结束管理');
    expect(early.rows.map((r) => r.姓名)).toEqual(['对照丁']);
    expect(early.rows[0]).toMatchObject({ 末次随访·空腹血糖: 6.3, 结束管理日期: excelDay(today) });

    const managed = await sheet(ExportPaths.stopManaged, '管理组结束管理');
    expect(managed.rows.map((r) => r.姓名)).toEqual(['结束己']);
    const outcome = exportRow(annex8, s.pA5.annex8)['derived.outcome'];
    expect(outcome).toEqual(expect.any(String));
    expect(managed.rows[0]).toMatchObject({
      基线·诊断记录·空腹血糖: 6.5,
      基线·体格检查·体重: 80,
      末次随访·空腹血糖: 6.0,
      管理结束评估·空腹血糖: 5.8,
      管理结束评估·转归: outcome,
    });
    expect(exportColumns(annex8).some((c) => c.header === '转归')).toBe(true);
    expect((await sheet(ExportPaths.stopManaged, '管理组结束管理', { to: daysAgo(1) })).rows).toHaveLength(0);
  });

  it('answers every export as a named .xlsx whose second sheet is the codebook', async () => {
    for (const key of Object.keys(ExportPaths) as (keyof typeof ExportPaths)[]) {
      const { res, book } = await workbook(ExportPaths[key], s.adminToken);
      expect(String(res.headers['content-disposition'])).toContain(
        `filename*=UTF-8''${encodeURIComponent(EXPORT_NAMES[key].zh)}_${ymd}.xlsx`,
      );
      expect(book.worksheets[1]?.name, key).toBe('codebook');
    }
  });
});

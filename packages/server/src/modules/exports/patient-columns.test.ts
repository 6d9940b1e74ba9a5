import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { Keyring } from '../../lib/crypto';
import { type PatientFields, patientColumns } from './patient-columns';
import type { ExportScope } from './sheet';

const keyring = Keyring.fromMasterKeys(randomBytes(32));
const scope = (k: Keyring): ExportScope => ({
  institutionId: undefined,
  from: undefined,
  to: undefined,
  today: '2026-11-27',
  now: new Date('2026-11-27T00:00:00Z'),
  keyring: k,
});

function patient(idNum: string, telNum: string, sealed = true): PatientFields {
  return {
    patientId: 1,
    name: '张三',
    gender: 'man',
    birthDate: '1970-05-01',
    idNumSealed: sealed ? keyring.seal(idNum, 'patients.id_num') : null,
    telNumSealed: sealed ? keyring.seal(telNum, 'patients.tel_num') : null,
    legacyIdNum: sealed ? null : idNum,
    legacyTelNum: sealed ? null : telNum,
    institutionName: '城东社区卫生服务中心',
    cohort: 'managed',
    comparisonRole: null,
    enrolledAt: '2026-01-05',
    endManagement: false,
    endedAt: null,
  };
}

function identifierCells(k: Keyring) {
  const columns = patientColumns<PatientFields>(scope(k));
  const idNum = columns.find((c) => c.key === 'patient.idNum')!;
  const mobile = columns.find((c) => c.key === 'patient.mobile')!;
  return (row: PatientFields) => [idNum.value(row), mobile.value(row)];
}

describe('patient columns: identifiers opened once per export', () => {
  it('writes every row of a patient in full, opening each sealed value once', () => {
    const open = vi.spyOn(keyring, 'open');
    const cells = identifierCells(keyring);
    const first = patient('110101197005010011', '13800000001');
    const second = patient('110101198001010022', '13900000002');
    for (let visit = 0; visit < 10; visit += 1) {
      expect(cells(first)).toEqual(['110101197005010011', '13800000001']);
      expect(cells(second)).toEqual(['110101198001010022', '13900000002']);
    }
    expect(open).toHaveBeenCalledTimes(4);
    open.mockRestore();
  });

  it('opens a patient edited during the export again (new sealed text), and reads unsealed rows as stored', () => {
    const cells = identifierCells(keyring);
    expect(cells(patient('110101197005010011', '13800000001'))).toEqual(['110101197005010011', '13800000001']);
    expect(cells(patient('110101197005010011', '13811112222'))).toEqual(['110101197005010011', '13811112222']);
    expect(cells(patient('11010119700501003X', '13700000003', false))).toEqual(['11010119700501003X', '13700000003']);
  });
});

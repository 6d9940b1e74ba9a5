import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { identifierColumns } from '../../db/queries/patient-identifiers';
import type { PatientViewRow } from '../../db/queries/patients';
import { Keyring } from '../../lib/crypto';
import { toListItem } from './patient-view';

const today = new Date('2026-11-28T08:00:00+08:00');

function row(keyring: Keyring, idNum: string, telNum: string, sealed = true): PatientViewRow {
  const columns = identifierColumns(keyring, { idNum, telNum });
  return {
    id: 7,
    name: '张三',
    gender: 'man',
    birthDate: '1970-05-01',
    idNumSealed: sealed ? columns.idNumSealed : null,
    telNumSealed: sealed ? columns.telNumSealed : null,
    legacyIdNum: sealed ? null : idNum,
    legacyTelNum: sealed ? null : telNum,
    institutionId: 1,
    institutionName: '一号中心',
    cohort: 'managed',
    comparisonRole: null,
    enrolledAt: '2026-01-05',
    consentDate: null,
    endManagement: false,
    endedAt: null,
    filledAnnexes: [],
    lastFollowUpDate: null,
    urgentSince: null,
    urgentAlert: null,
    followUpStatus: 'active',
    followUpStatusAt: null,
    followUpStatusReason: null,
    completed: false,
    overdue: false,
    silenced: false,
    dueDate: '2026-12-01',
    daysSince: 0,
  };
}

describe('the list view of identifiers', () => {
  it('shows them masked, opens each sealed value once across lists, and opens an edited one again', () => {
    const keyring = Keyring.fromMasterKeys(randomBytes(32));
    const open = vi.spyOn(keyring, 'open');
    const patient = row(keyring, '110101197005010011', '13800000001');
    const first = toListItem(patient, today, keyring);
    expect([first.idNum, first.tel_num]).toEqual(['110101********0011', '138****0001']);
    expect(open).toHaveBeenCalledTimes(2);
    // The next page view (another request) shows the same masks without opening them again.
    const again = toListItem(patient, today, keyring);
    expect([again.idNum, again.tel_num]).toEqual(['110101********0011', '138****0001']);
    expect(open).toHaveBeenCalledTimes(2);
    // An edit seals the new mobile afresh (new IV): a new sealed text, opened and masked anew.
    const edited = toListItem(row(keyring, '110101197005010011', '13911112222'), today, keyring);
    expect([edited.idNum, edited.tel_num]).toEqual(['110101********0011', '139****2222']);
    expect(open).toHaveBeenCalledTimes(4);
  });

  it('masks a row written by bulk SQL and not sealed yet, as stored', () => {
    const keyring = Keyring.fromMasterKeys(randomBytes(32));
    const item = toListItem(row(keyring, '11010119700501003X', '13700000003', false), today, keyring);
    expect([item.idNum, item.tel_num]).toEqual(['110101********003X', '137****0003']);
  });

  it('keeps each keyring to itself: a value another key sealed is not answered from the memo', () => {
    const one = Keyring.fromMasterKeys(randomBytes(32));
    const other = Keyring.fromMasterKeys(randomBytes(32));
    const patient = row(one, '110101197005010011', '13800000001');
    expect(toListItem(patient, today, one).idNum).toBe('110101********0011');
    expect(() => toListItem(patient, today, other)).toThrow(/neither DATA_KEY nor in DATA_KEY_PREVIOUS/);
  });
});

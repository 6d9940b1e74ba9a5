import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { OutcomeQuery } from '@tcm/contracts/api/outcomes';
import { Button, DatePicker, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useInstitutions } from '../../api/institutions';
import dayjs from '../../lib/dayjs';
import { OUTCOME_POLICIES } from './query';

const CITY = 'city';
type Scope = number | typeof CITY;

interface Props {
  isAdmin: boolean;
  /** The doctor's institution, said in words (a doctor sees only their own). */
  ownInstitution: string | null;
  query: OutcomeQuery;
  onChange: (query: OutcomeQuery) => void;
  onPrint: () => void;
  onExport: () => void;
  isExporting: boolean;
}

const day = (value: string | undefined): Dayjs | null => (value ? dayjs(value) : null);

/**
 * The report's filter and actions: the institution (administrator: 全市 or one; a doctor sees their
 * own named), the baseline date range, the follow-up policy, 打印 and 导出. Not printed.
 */
export function OutcomeToolbar({ isAdmin, ownInstitution, query, onChange, onPrint, onExport, isExporting }: Props) {
  const { t } = useTranslation();
  const institutions = useInstitutions();
  const scope: Scope = query.institutionId ?? CITY;
  return (
    <div className="toolbar outcome-toolbar" data-testid="outcome-toolbar">
      {isAdmin ? (
        <div className="outcome-filter">
          <label htmlFor="outcome-scope">{t('outcomes.institution')}</label>
          <Select<Scope>
            id="outcome-scope"
            data-testid="outcome-scope-select"
            showSearch={{ optionFilterProp: 'label' }}
            value={scope}
            style={{ minWidth: 220 }}
            options={[{ value: CITY, label: t('outcomes.city') }, ...institutions.map((i) => ({ value: i.id, label: i.name }))]}
            onChange={(value) => onChange({ ...query, institutionId: value === CITY ? undefined : value })}
          />
        </div>
      ) : (
        <p className="outcome-filter outcome-own-institution" data-testid="outcome-own-institution">
          {t('outcomes.ownInstitution', { name: ownInstitution ?? '—' })}
        </p>
      )}
      <fieldset className="outcome-filter outcome-range">
        <legend>{t('outcomes.range')}</legend>
        {/* The range picker's two inputs have one visible label; each gets its own for screen readers. */}
        <label htmlFor="outcome-from" className="visually-hidden">
          {t('outcomes.rangeStart')}
        </label>
        <label htmlFor="outcome-to" className="visually-hidden">
          {t('outcomes.rangeEnd')}
        </label>
        <DatePicker.RangePicker
          id={{ start: 'outcome-from', end: 'outcome-to' }}
          allowEmpty={[true, true]}
          placeholder={[t('outcomes.rangeStart'), t('outcomes.rangeEnd')]}
          value={[day(query.from), day(query.to)]}
          onChange={(dates) =>
            onChange({ ...query, from: dates?.[0]?.format('YYYY-MM-DD') ?? undefined, to: dates?.[1]?.format('YYYY-MM-DD') ?? undefined })
          }
        />
      </fieldset>
      <fieldset className="outcome-filter outcome-policy-switch">
        <legend>{t('outcomes.policy.label')}</legend>
        <Radio.Group
          data-testid="outcome-policy-switch"
          optionType="button"
          value={query.policy ?? 'intentionToTreat'}
          options={OUTCOME_POLICIES.map((policy) => ({ value: policy, label: t(`outcomes.policy.${policy}`) }))}
          // Intention to treat is the default: the address leaves it out.
          onChange={(event) => onChange({ ...query, policy: event.target.value === 'intentionToTreat' ? undefined : event.target.value })}
        />
      </fieldset>
      <div className="outcome-actions">
        <Button icon={<PrinterOutlined aria-hidden />} onClick={onPrint} data-testid="outcome-print">
          {t('outcomes.print')}
        </Button>
        <Button
          type="primary"
          icon={<DownloadOutlined aria-hidden />}
          onClick={onExport}
          loading={isExporting}
          data-testid="outcome-export"
        >
          {t('outcomes.export')}
        </Button>
      </div>
      <p className="outcome-range-hint">{t('outcomes.rangeHint')}</p>
    </div>
  );
}

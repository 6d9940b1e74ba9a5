import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { OutcomeQuery } from '@tcm/contracts/api/outcomes';
import { Button, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInstitutions } from '../../api/institutions';
import { DateField } from '../../components/DateField';
import { OUTCOME_POLICIES } from './query';

const CITY = 'city';
type Scope = number | typeof CITY;

interface Props {
  isAdmin: boolean;
  /** The doctor's institution, said in words (a doctor sees only their own). */
  ownInstitution: string | null;
  query: OutcomeQuery;
  /** A change of some of the filter's values (the screen applies it to the latest filter). */
  onChange: (patch: Partial<OutcomeQuery>) => void;
  onPrint: () => void;
  onExport: () => void;
  isExporting: boolean;
}

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
            onChange={(value) => onChange({ institutionId: value === CITY ? undefined : value })}
          />
        </div>
      ) : (
        <p className="outcome-filter outcome-own-institution" data-testid="outcome-own-institution">
          {t('outcomes.ownInstitution', { name: ownInstitution ?? '—' })}
        </p>
      )}
      <fieldset className="outcome-filter outcome-range">
        <legend>{t('outcomes.range')}</legend>
        {/* One visible label for the range; each date gets its own for screen readers. A start after the
            end (or the reverse) is not offered, as the report would be empty. */}
        <label htmlFor="outcome-from" className="visually-hidden">
          {t('outcomes.rangeStart')}
        </label>
        <DateField
          id="outcome-from"
          className="outcome-range-date"
          placeholder={t('outcomes.rangeStart')}
          value={query.from ?? null}
          isDisabled={query.to ? (day) => day > (query.to as string) : undefined}
          onChange={(from) => onChange({ from: from ?? undefined })}
        />
        <span aria-hidden className="outcome-range-dash">
          –
        </span>
        <label htmlFor="outcome-to" className="visually-hidden">
          {t('outcomes.rangeEnd')}
        </label>
        <DateField
          id="outcome-to"
          className="outcome-range-date"
          placeholder={t('outcomes.rangeEnd')}
          value={query.to ?? null}
          isDisabled={query.from ? (day) => day < (query.from as string) : undefined}
          onChange={(to) => onChange({ to: to ?? undefined })}
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
          onChange={(event) => onChange({ policy: event.target.value === 'intentionToTreat' ? undefined : event.target.value })}
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

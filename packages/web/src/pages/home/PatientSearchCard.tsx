import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstitutionPatientSearch } from '../../api/patients';
import { EmptyState, ErrorState } from '../../components/PageState';
import { CohortTag } from '../../components/status-tags';
import { OpenRecordButton } from '../../features/patients/OpenRecordButton';
import { useHomeStore } from '../../stores/home';
import { PatientItems } from './PatientItems';

/** Find any patient of the institution by name, ID number or mobile (GET /api/user/institutionPatients). */
export function PatientSearchCard() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const homeType = useHomeStore((s) => s.homeType);
  const search = useInstitutionPatientSearch(keyword);
  const results = (search.data ?? []).filter((p) => homeType === 'all' || p.cohort === homeType);

  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('home.search')}</h3>} style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('common.searchPlaceholder')}
        aria-label={t('common.searchPlaceholder')}
        enterButton={t('common.search')}
        onSearch={(v) => setKeyword(v.trim())}
        loading={search.isFetching}
        data-testid="home-search"
        className="search-box"
      />
      {keyword && search.isError && <ErrorState error={search.error} onRetry={() => void search.refetch()} />}
      {keyword && search.isSuccess && (
        <div style={{ marginTop: 12 }}>
          <PatientItems
            testId="home-search-results"
            empty={<EmptyState description={t('home.noResults')} />}
            items={results.map((p) => ({
              key: p.id,
              title: (
                <span>
                  <span data-patient-data>{p.name}</span> <CohortTag cohort={p.cohort} role={p.role} />
                </span>
              ),
              description: `${t(`gender.${p.gender}`)} · ${t('common.ageYears', { age: p.age })} · ${p.idNum} · ${p.tel_num}`,
              action: <OpenRecordButton patient={p} />,
            }))}
          />
        </div>
      )}
    </Card>
  );
}

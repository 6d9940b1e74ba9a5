import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { institutionName, useInstitutions } from '../../api/institutions';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, PageLoading } from '../../components/PageState';
import { useAddressQuery } from '../../components/use-address-query';
import { outcomeApi, useOutcomeReport } from './api';
import { OutcomeReportView } from './OutcomeReportView';
import { OutcomeToolbar } from './OutcomeToolbar';
import { outcomeSearch, readOutcomeQuery } from './query';
// The outcome texts are not in the entry's catalogue (i18n/zh-CN-outcomes.ts).
import '../../i18n/outcomes-catalogue';

interface Props {
  isAdmin: boolean;
  /** The doctor's institution (null for the administrator). */
  ownInstitution: string | null;
}

/**
 * The outcome report screen for a doctor's institution or, for the administrator, the city or one
 * institution, over a baseline date range kept in the address.
 */
export function OutcomesScreen({ isAdmin, ownInstitution }: Props) {
  const { t } = useTranslation();
  const institutions = useInstitutions();
  const read = useCallback((params: URLSearchParams) => readOutcomeQuery(params, isAdmin), [isAdmin]);
  const [query, onChange] = useAddressQuery(read, outcomeSearch);
  const report = useOutcomeReport(query);
  const [isExporting, setIsExporting] = useState(false);

  const scope = isAdmin
    ? query.institutionId
      ? (institutionName(institutions, query.institutionId) ?? t('outcomes.institutionNumber', { id: query.institutionId }))
      : t('outcomes.city')
    : (ownInstitution ?? '—');
  const range =
    query.from && query.to
      ? t('outcomes.rangeBoth', { from: query.from, to: query.to })
      : query.from
        ? t('outcomes.rangeFrom', { from: query.from })
        : query.to
          ? t('outcomes.rangeTo', { to: query.to })
          : t('outcomes.rangeAll');

  const onExport = async () => {
    setIsExporting(true);
    try {
      await outcomeApi.exportReport(query);
    } catch {
      // The shared client has shown the server's message (the envelope of a refused export).
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <div className="outcome-page">
      <PageHeader title={t('outcomes.title')} />
      <OutcomeToolbar
        isAdmin={isAdmin}
        ownInstitution={ownInstitution}
        query={query}
        onChange={onChange}
        onPrint={() => window.print()}
        onExport={() => void onExport()}
        isExporting={isExporting}
      />
      {report.data ? (
        <OutcomeReportView
          report={report.data}
          scope={scope}
          range={range}
          isStale={report.isPlaceholderData || report.isFetching}
          isProgressive
        />
      ) : report.error ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <PageLoading />
      )}
    </div>
  );
}

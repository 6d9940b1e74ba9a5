import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  IndicatorKey,
  IndicatorPatientsResult,
  IndicatorQuery,
  IndicatorReport,
  IndicatorSide,
  PatientGapsResult,
} from '@tcm/contracts';
import { IndicatorPaths } from '@tcm/contracts/api/indicator-paths';
import { api, downloadFile } from '../../api/client';

/** The query without its empty parts, as the address and the server take it. */
export function indicatorParams(query: IndicatorQuery): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null)) as Record<string, string | number>;
}

export interface PatientListQuery extends IndicatorQuery {
  key: IndicatorKey;
  in: IndicatorSide;
  page: number;
  limit: number;
}

export const indicatorApi = {
  report: (query: IndicatorQuery, signal?: AbortSignal) =>
    api.get<IndicatorReport>(IndicatorPaths.indicators, indicatorParams(query), { signal }),
  patients: (query: PatientListQuery, signal?: AbortSignal) =>
    api.get<IndicatorPatientsResult>(IndicatorPaths.patients, indicatorParams(query), { signal }),
  patientGaps: (patientId: number) => api.get<PatientGapsResult>(IndicatorPaths.patientGaps, { patientId }),
  exportExcel: (query: IndicatorQuery) => downloadFile(IndicatorPaths.exportExcel, indicatorParams(query), 'management-indicators.xlsx'),
};

export function useIndicatorReport(query: IndicatorQuery) {
  return useQuery({
    queryKey: ['indicators', 'report', indicatorParams(query)],
    queryFn: ({ signal }) => indicatorApi.report(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useIndicatorPatients(query: PatientListQuery | null) {
  return useQuery({
    queryKey: ['indicators', 'patients', query && indicatorParams(query)],
    queryFn: ({ signal }) => indicatorApi.patients(query as PatientListQuery, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePatientGaps(patientId: number | null) {
  return useQuery({
    queryKey: ['indicators', 'patientGaps', patientId],
    queryFn: () => indicatorApi.patientGaps(patientId as number),
    enabled: patientId !== null,
    refetchOnWindowFocus: false,
  });
}

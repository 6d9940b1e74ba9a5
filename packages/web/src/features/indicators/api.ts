import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IndicatorKey,
  IndicatorPatientsResult,
  IndicatorQuery,
  IndicatorReport,
  IndicatorSide,
  IndicatorTargets,
  PatientGapsResult,
  SetIndicatorTargetBody,
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
  targets: (signal?: AbortSignal) => api.get<IndicatorTargets>(IndicatorPaths.targets, undefined, { signal }),
  /** Sets (a number) or removes (null) one indicator's target; the admin's call. */
  setTarget: (body: SetIndicatorTargetBody) => api.put<IndicatorTargets>(IndicatorPaths.targets, body),
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

/** The targets set (percent), read when the admin opens the targets dialog. */
export function useIndicatorTargets(enabled: boolean) {
  return useQuery({
    queryKey: ['indicators', 'targets'],
    queryFn: ({ signal }) => indicatorApi.targets(signal),
    enabled,
    // The dialog edits them: it starts from what the server holds now, not a cached copy.
    staleTime: 0,
  });
}

/** After a change of targets: every indicator query (the cards' target and met / not met, the list). */
export function useInvalidateIndicators() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['indicators'] });
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

import { instrumentsFor } from '@tcm/contracts/clinical/cohort-protocol';
import { type FormState, formStates, mostPressing } from '@tcm/contracts/clinical/form-status';
import { getInstrument } from '@tcm/contracts/instruments/index';
import type { AnnexKey } from '@tcm/contracts/instruments/types';
import { Button, Card, Space, Tabs } from 'antd';
import { lazy, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { usePatientDetail } from '../../api/patients';
import { DoctorOnly } from '../../components/DoctorOnly';
import { LazyDialog } from '../../components/lazy-dialog';
import { Notice } from '../../components/Notice';
import { PageLoading } from '../../components/PageLoading';
import { PatientPanel } from '../../components/PatientPanel';
import { SectionNav } from '../../components/SectionNav';
import { FormStateTag } from '../../components/status-tags';
import type { ContextPatient } from '../../instruments/context';
import { useInstrumentLang } from '../../instruments/lang';
import { type RecordLocationState, SCREEN_ANNEXES, todayIso } from '../../lib/record-screens';
import { RECORD_ROUTES, type RecordKey } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { type PatientInfo, usePatientStore } from '../../stores/patient';
import { usePatientHistories } from './api';
import GlycemicGuidance from './GlycemicGuidance';
import { glycemicGuidance } from './glycemic-guidance';
import { RecordConstitutionRadar, RecordTrends } from './RecordCharts';
import { RecordInstrumentPanel } from './RecordInstrumentPanel';

const RecordEndEvaluationDialog = lazy(() => import('./RecordEndEvaluationDialog'));

/**
 * The screen's instruments the patient's group fills, from the protocol table of contracts (PRODUCT
 * §3, the same table the server's guard reads): managed patients everything but annex 9; comparison
 * members annexes 1, 3, 6, their follow-up form (7 pre-diabetes, 9 diabetes) and custom records.
 */
export function screenAnnexesFor(key: RecordKey, info: Pick<PatientInfo, 'cohort' | 'role'>): readonly AnnexKey[] {
  const allowed = instrumentsFor(info.cohort, info.role);
  return SCREEN_ANNEXES[key].filter((annex) => allowed.includes(annex));
}

export function appliesTo(key: RecordKey, info: Pick<PatientInfo, 'cohort' | 'role'>): boolean {
  return screenAnnexesFor(key, info).length > 0;
}

/** Every history the workspace uses: the validation context needs baselines and latest records of all. */
const ALL_ANNEXES: readonly AnnexKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'custom'];

/**
 * Frame of every record screen: the patient panel, tabs between the instruments, the instrument's
 * form and history, and the charts. Without a chosen patient it shows only the 请先选择患者 empty state.
 */
export function RecordWorkspace({ current }: { current: RecordKey }) {
  return (
    <DoctorOnly>
      <Workspace current={current} />
    </DoctorOnly>
  );
}

function Workspace({ current }: { current: RecordKey }) {
  const { t } = useTranslation();
  const location = useLocation();
  const info = usePatientStore((s) => s.patientInfo);

  if (!info) {
    return (
      <>
        <h2 className="visually-hidden">{t(`records.${current}`)}</h2>
        <PatientPanel />
      </>
    );
  }

  const tabs = RECORD_ROUTES.filter((r) => appliesTo(r.key, info) || r.key === current);
  return (
    <>
      <PatientPanel />
      <ScreenNav info={info} tabs={tabs} activePath={location.pathname} />
      <WorkspaceRegion title={t(`records.${current}`)}>
        {!appliesTo(current, info) && <Notice type="info" title={t('records.notApplicable')} style={{ marginBottom: 12 }} />}
        {/* Keyed by the navigation, so that "open the first missing form" picks its tab each time. */}
        <Instruments key={location.key} current={current} info={info} />
      </WorkspaceRegion>
    </>
  );
}

/** Each form's state for the selected patient, from the audited detail (undefined until it answers). */
function usePatientFormStates(): Partial<Record<AnnexKey, FormState>> | undefined {
  const patientId = usePatientStore((s) => s.patientId);
  const detail = usePatientDetail(patientId);
  const data = detail.data;
  return useMemo(() => (data ? formStates(data, todayIso()) : undefined), [data]);
}

function ScreenNav({ info, tabs, activePath }: { info: PatientInfo; tabs: readonly (typeof RECORD_ROUTES)[number][]; activePath: string }) {
  const { t } = useTranslation();
  const states = usePatientFormStates();
  const items = tabs.map((r) => {
    const state = states ? mostPressing(screenAnnexesFor(r.key, info).map((annex) => states[annex])) : null;
    return { path: r.path, label: t(`records.${r.key}`), badge: state ? <FormStateTag state={state} /> : undefined };
  });
  return <SectionNav label={t('records.navLabel')} activePath={activePath} items={items} />;
}

function Instruments({ current, info }: { current: RecordKey; info: PatientInfo }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const location = useLocation();
  const patientId = usePatientStore((s) => s.patientId) as number;
  const detail = usePatientDetail(patientId);
  const states = usePatientFormStates();
  const histories = usePatientHistories(patientId, ALL_ANNEXES);
  const [endOpen, setEndOpen] = useState(false);
  // Only the group's instruments get a form: the server refuses the others (403 naming the group).
  const annexes = screenAnnexesFor(current, info);
  const wanted = (location.state as RecordLocationState | null)?.annex;
  const [active, setActive] = useState<AnnexKey>(wanted && annexes.includes(wanted) ? wanted : (annexes[0] ?? '1'));
  // The tab is marked at once; a form not drawn yet, the slowest thing on the screen to draw, follows
  // in a render React may interrupt (bench:web's record tab). A drawn form stays mounted while hidden,
  // keeping what was typed, so only a first visit shows the placeholder: the CSS spinner, as antd's
  // Skeleton registered its styles in the click's own render and restyled the page (profile-step.ts).
  const shown = useDeferredValue(active);
  const drawn = useRef(new Set<AnnexKey>());
  drawn.current.add(shown);

  const patient: ContextPatient = useMemo(
    () => ({
      gender: detail.data?.gender ?? info.gender,
      birthDate: detail.data?.birthDate,
      enrolledAt: detail.data?.enrolledAt,
      cohort: info.cohort,
      role: info.role,
    }),
    [detail.data?.gender, detail.data?.birthDate, detail.data?.enrolledAt, info.gender, info.cohort, info.role],
  );
  const ended = detail.data?.endManagement ?? info.endManagement;
  const canEnd = info.cohort === 'managed' && !ended;
  const guidance = current === 'diagnosticRecord' || current === 'followUp' ? glycemicGuidance(histories.byAnnex) : null;

  const panel = (annex: AnnexKey) => {
    const def = getInstrument(annex);
    if (!def) return null;
    return (
      <RecordInstrumentPanel
        key={`${patientId}-${annex}`}
        def={def}
        patientId={patientId}
        patient={patient}
        histories={histories.byAnnex}
        isLoading={histories.isPending}
      />
    );
  };

  return (
    <>
      {canEnd && (
        <Space style={{ marginBottom: 12 }}>
          <Button danger onClick={() => setEndOpen(true)} data-testid="open-end-evaluation">
            {t('instrument.endOpen')}
          </Button>
        </Space>
      )}
      {guidance && (
        <GlycemicGuidance guidance={guidance} patientId={patientId} patient={patient} histories={histories.byAnnex} canEnd={canEnd} />
      )}
      {annexes.length > 1 ? (
        <Tabs
          activeKey={active}
          onChange={(key) => setActive(key as AnnexKey)}
          items={annexes.map((annex) => {
            const state = states?.[annex];
            const label = (
              <span key={annex}>
                {getInstrument(annex)?.title[lang] ?? annex}
                {state && (
                  <span className="section-nav-badge">
                    <FormStateTag state={state} />
                  </span>
                )}
              </span>
            );
            return {
              key: annex,
              label,
              children: drawn.current.has(annex) ? panel(annex) : <PageLoading />,
            };
          })}
        />
      ) : (
        annexes[0] !== undefined && panel(annexes[0])
      )}
      {current === 'diagnosticRecord' && <RecordTrends histories={histories.byAnnex} />}
      {current === 'bodyConstitution' && <RecordConstitutionRadar records={histories.byAnnex['3'] ?? []} />}
      {canEnd && (
        <LazyDialog
          dialog={RecordEndEvaluationDialog}
          open={endOpen}
          patientId={patientId}
          patient={patient}
          histories={histories.byAnnex}
          onClose={() => setEndOpen(false)}
          onEnded={() => {
            setEndOpen(false);
            toast.success(t('instrument.ended'));
          }}
        />
      )}
    </>
  );
}

/** The titled region of a record screen. */
export function WorkspaceRegion({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>} style={{ marginTop: 12 }}>
      <section data-testid="record-workspace" aria-label={t('records.workspaceLabel', { name: title })}>
        {children}
      </section>
    </Card>
  );
}

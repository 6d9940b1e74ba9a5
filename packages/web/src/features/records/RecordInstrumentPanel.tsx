import { useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@tcm/contracts/api/envelope';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import type { AnnexKey, InstrumentDefinition } from '@tcm/contracts/instruments/types';
import { prescriptionKindLabel } from '@tcm/contracts/prescriptions/labels';
import { Button, Divider, Space } from 'antd';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buildInstrumentContext, type ContextPatient } from '../../instruments/context';
import { useInstrumentLang } from '../../instruments/lang';
import { PRESCRIBE_ROUTES } from '../../lib/routes';
import { recordKeys } from './api';
import { RecordConstitutionRadar } from './RecordCharts';
import { RecordEditor } from './RecordEditor';
import { RecordHistory } from './RecordHistory';

interface Props {
  def: InstrumentDefinition;
  patientId: number;
  patient: ContextPatient;
  histories: Partial<Record<AnnexKey, AnnexRecord[]>>;
  isLoading: boolean;
}

/**
 * One instrument in the workspace: the form (a new record, or the one being edited) and its history.
 * Memoised: a tab switch re-renders the workspace with the same props, and a hidden form need not redraw.
 */
export const RecordInstrumentPanel = memo(function RecordInstrumentPanel({ def, patientId, patient, histories, isLoading }: Props) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const client = useQueryClient();
  const records = histories[def.key] ?? [];
  // The record being edited is followed in the history by id, so a reload opens it as it is now; the
  // editor keeps the revision it was opened at. Voided by someone else, it stays open until reloaded.
  const [opened, setEditing] = useState<AnnexRecord | null>(null);
  const editing = opened ? (records.find((record) => record.id === opened.id) ?? opened) : null;
  // A fresh form after each save or reload: the key remounts the editor.
  const [round, setRound] = useState(0);
  // A saved constitution record: its result replaces the blank questionnaire until asked for another.
  const [result, setResult] = useState<AnnexRecord | null>(null);
  // Validation speaks the interface language (the server's own check answers in Chinese).
  const contextAt = useCallback(
    (date: string | undefined) => ({ ...buildInstrumentContext(def.key, patient, histories, editing?.id, undefined, date), lang }),
    [def.key, patient, histories, editing?.id, lang],
  );
  const reload = async () => {
    const key = recordKeys.history(patientId, def.key);
    await client.refetchQueries({ queryKey: key });
    const fresh = client.getQueryData<Paged<AnnexRecord>>(key)?.list ?? [];
    if (opened && !fresh.some((record) => record.id === opened.id)) setEditing(null);
    setRound((n) => n + 1);
  };

  return (
    <div data-testid={`instrument-panel-${def.key}`}>
      {result && !editing && (
        <SavedConstitutionResult
          name={def.title[lang]}
          record={result}
          prescribes={patient.cohort === 'managed'}
          onAgain={() => setResult(null)}
        />
      )}
      {!(result && !editing) && (
        <Space style={{ marginBottom: 8 }} wrap>
          <h3 className="instrument-form-title">
            {editing ? t('instrument.editTitle', { name: def.title[lang] }) : t('instrument.newTitle', { name: def.title[lang] })}
          </h3>
          {editing && (
            <Button size="small" onClick={() => setEditing(null)}>
              {t('instrument.newInstead')}
            </Button>
          )}
        </Space>
      )}
      {!isLoading && !(result && !editing) && (
        <RecordEditor
          key={editing ? `edit-${editing.id}-${round}` : `new-${round}`}
          def={def}
          patientId={patientId}
          contextAt={contextAt}
          record={editing ?? undefined}
          onSaved={(saved) => {
            setEditing(null);
            setRound((n) => n + 1);
            if (def.key === '3') setResult(saved);
          }}
          onCancel={editing ? () => setEditing(null) : undefined}
          onReload={editing ? reload : undefined}
        />
      )}
      <Divider />
      <RecordHistory
        def={def}
        patientId={patientId}
        records={records}
        isLoading={isLoading}
        gender={patient.gender}
        onEdit={(record) => {
          setEditing(record);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
});

const PHYSIQUE_PATH = `/prescribe/${PRESCRIBE_ROUTES.find((r) => r.key === 'physique')?.path ?? 'index'}`;

/**
 * The constitution just saved, at the top where the doctor is: its radar and conclusion, and the way
 * on to the physique prescription the result suggests (managed group only: the comparison group gets
 * no prescriptions).
 */
function SavedConstitutionResult({
  name,
  record,
  prescribes,
  onAgain,
}: {
  name: string;
  record: AnnexRecord;
  prescribes: boolean;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, []);
  const kind = prescriptionKindLabel('physique', lang);
  return (
    <section aria-labelledby="saved-constitution-title" data-testid="saved-constitution-result" style={{ marginBottom: 16 }}>
      <h3 id="saved-constitution-title" ref={heading} tabIndex={-1} className="instrument-form-title">
        {t('instrument.savedResultTitle', { name })}
      </h3>
      <RecordConstitutionRadar records={[record]} testId="saved-radar" />
      <Space style={{ marginTop: 12 }} wrap>
        {prescribes && (
          <Link to={PHYSIQUE_PATH} data-testid="open-suggested-physique">
            {t('instrument.openSuggested', { kind })}
          </Link>
        )}
        <Button onClick={onAgain}>{t('instrument.fillAgain')}</Button>
      </Space>
    </section>
  );
}

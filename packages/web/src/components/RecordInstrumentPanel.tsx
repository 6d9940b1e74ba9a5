import type { AnnexRecord } from '@tcm/contracts/api/records';
import type { AnnexKey, InstrumentDefinition } from '@tcm/contracts/instruments/types';
import { Button, Divider, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildInstrumentContext, type ContextPatient } from '../instruments/context';
import { useInstrumentLang } from '../instruments/lang';
import { RecordEditor } from './RecordEditor';
import { RecordHistory } from './RecordHistory';

interface Props {
  def: InstrumentDefinition;
  patientId: number;
  patient: ContextPatient;
  histories: Partial<Record<AnnexKey, AnnexRecord[]>>;
  isLoading: boolean;
}

/** One instrument in the workspace: the form (a new record, or the one being edited) and its history. */
export function RecordInstrumentPanel({ def, patientId, patient, histories, isLoading }: Props) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const [editing, setEditing] = useState<AnnexRecord | null>(null);
  // A fresh blank form after each save: the key remounts the editor.
  const [round, setRound] = useState(0);
  // Validation speaks the interface language (the server's own check answers in Chinese).
  const context = useMemo(
    () => ({ ...buildInstrumentContext(def.key, patient, histories, editing?.id), lang }),
    [def.key, patient, histories, editing?.id, lang],
  );
  const records = histories[def.key] ?? [];

  return (
    <div data-testid={`instrument-panel-${def.key}`}>
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
      {!isLoading && (
        <RecordEditor
          key={editing ? `edit-${editing.id}` : `new-${round}`}
          def={def}
          patientId={patientId}
          context={context}
          record={editing ?? undefined}
          onSaved={() => {
            setEditing(null);
            setRound((n) => n + 1);
          }}
          onCancel={editing ? () => setEditing(null) : undefined}
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
}

import { useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@tcm/contracts/api/envelope';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import type { AnnexKey, InstrumentDefinition } from '@tcm/contracts/instruments/types';
import { Button, Divider, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildInstrumentContext, type ContextPatient } from '../../instruments/context';
import { useInstrumentLang } from '../../instruments/lang';
import { recordKeys } from './api';
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
  const client = useQueryClient();
  const records = histories[def.key] ?? [];
  // The record being edited is followed in the history by id, so a reload opens it as it is now; the
  // editor keeps the revision it was opened at. Voided by someone else, it stays open until reloaded.
  const [opened, setEditing] = useState<AnnexRecord | null>(null);
  const editing = opened ? (records.find((record) => record.id === opened.id) ?? opened) : null;
  // A fresh form after each save or reload: the key remounts the editor.
  const [round, setRound] = useState(0);
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
          key={editing ? `edit-${editing.id}-${round}` : `new-${round}`}
          def={def}
          patientId={patientId}
          contextAt={contextAt}
          record={editing ?? undefined}
          onSaved={() => {
            setEditing(null);
            setRound((n) => n + 1);
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
}

import { INDICATOR_DEFINITIONS, INDICATOR_KEYS, type IndicatorKey } from '@tcm/contracts/clinical/indicators';
import { InputNumber, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { indicatorApi, useIndicatorTargets, useInvalidateIndicators } from './api';

/** The indicators that take a target: the shares, not the two counts (the server refuses those). */
export const TARGET_KEYS: readonly IndicatorKey[] = INDICATOR_KEYS.filter((key) => !INDICATOR_DEFINITIONS[key].countOnly);

/** One value per indicator that takes a target; null = no target. */
type Draft = Record<IndicatorKey, number | null>;

function draftOf(list: readonly { key: IndicatorKey; target: number }[]): Draft {
  const draft = Object.fromEntries(TARGET_KEYS.map((key) => [key, null])) as Draft;
  for (const { key, target } of list) if (TARGET_KEYS.includes(key)) draft[key] = target;
  return draft;
}

/**
 * 设置目标 (the administrator): every indicator that takes a target, with its current value, a field
 * of 0 to 100 % (empty = no target) and which way is better. Save sends one PUT per changed indicator
 * (a number sets it, null removes it), then refreshes every indicator query so that the cards show
 * met / not met at once. A refusal is shown by the shared API client; the dialog stays open with the
 * values typed. Cancel discards them.
 */
export default function TargetsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const targets = useIndicatorTargets(open);
  const invalidate = useInvalidateIndicators();
  // What the server held when the dialog was filled, and the values typed since.
  const [initial, setInitial] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  // Each opening starts again from the server (reset as it opens, so that a closing dialog keeps its
  // contents while it animates away) …
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setInitial(null);
      setDraft(null);
    }
  }
  // … filled from a fresh answer (not a cached one still being refetched).
  useEffect(() => {
    if (open && initial === null && targets.data && !targets.isFetching) {
      const filled = draftOf(targets.data.list);
      setInitial(filled);
      setDraft(filled);
    }
  }, [open, initial, targets.data, targets.isFetching]);

  const save = async () => {
    if (!initial || !draft) return;
    const changed = TARGET_KEYS.filter((key) => draft[key] !== initial[key]);
    if (changed.length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    let saved = 0;
    try {
      for (const key of changed) {
        await indicatorApi.setTarget({ key, target: draft[key] });
        saved += 1;
        setInitial((before) => (before ? { ...before, [key]: draft[key] } : before));
      }
      toast.success(t('indicators.targetsSaved'));
      onClose();
    } catch {
      // The shared API client has shown the server's message; the dialog keeps what was typed.
    } finally {
      setSaving(false);
      if (saved > 0) void invalidate();
    }
  };

  return (
    <Modal
      open={open}
      title={t('indicators.setTargets')}
      okText={t('indicators.saveTargets')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: draft === null }}
      width={560}
      data-testid="indicator-targets-dialog"
    >
      <p id="indicator-targets-help">{t('indicators.targetsHelp')}</p>
      {draft === null ? (
        <Spin />
      ) : (
        <ul className="indicator-targets" aria-describedby="indicator-targets-help">
          {TARGET_KEYS.map((key) => {
            const id = `indicator-target-${key}`;
            const hint = `${id}-hint`;
            return (
              <li key={key} className="indicator-target-row">
                <label htmlFor={id}>{t(`indicators.keys.${key}`)}</label>
                <InputNumber<number>
                  id={id}
                  data-testid={id}
                  min={0}
                  max={100}
                  step={1}
                  suffix="%"
                  value={draft[key]}
                  placeholder={t('indicators.noTarget')}
                  aria-describedby={hint}
                  disabled={saving}
                  onChange={(value) => setDraft((before) => (before ? { ...before, [key]: value ?? null } : before))}
                  style={{ width: 140 }}
                />
                <span id={hint} className="indicator-target-hint">
                  {t(INDICATOR_DEFINITIONS[key].better === 'lower' ? 'indicators.lowerBetter' : 'indicators.higherBetter')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}

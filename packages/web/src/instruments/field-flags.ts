import type { AlertCode, ClinicalAlert } from '@tcm/contracts/clinical/alerts';
import { ALERT_THRESHOLDS } from '@tcm/contracts/clinical/programme';
import type { Derived } from '@tcm/contracts/instruments/types';

/** What an item's own field says about its value: a danger value of this kind. */
export interface FieldFlag {
  code: AlertCode;
  /** Text key of the flag (under `alerts.flag`) and its values, the threshold it crossed. */
  textKey: 'glucoseHigh' | 'glucoseLow' | 'bloodPressureHigh';
  values: Record<string, number>;
}

function isAlert(value: unknown): value is ClinicalAlert {
  return typeof value === 'object' && value !== null && typeof (value as ClinicalAlert).code === 'string';
}

/** The record's alerts as the instrument derived them (live in the form, stored with a record). */
export function readAlerts(derived: Derived | undefined): ClinicalAlert[] {
  const alerts = derived?.alerts;
  return Array.isArray(alerts) ? alerts.filter(isAlert) : [];
}

/**
 * The fields each alert flags, by item key. A blood pressure alert flags both pressures: the pair is
 * one reading, whichever of the two crossed its threshold. Acute signs are a choice list, whose own
 * ticked boxes say enough, so they flag no field.
 */
export function fieldFlags(derived: Derived | undefined): Map<string, FieldFlag> {
  const flags = new Map<string, FieldFlag>();
  for (const alert of readAlerts(derived)) {
    if (alert.code === 'glucoseHigh')
      flags.set(alert.item, { code: alert.code, textKey: 'glucoseHigh', values: { threshold: ALERT_THRESHOLDS.glucoseHigh } });
    else if (alert.code === 'glucoseLow')
      flags.set(alert.item, { code: alert.code, textKey: 'glucoseLow', values: { threshold: ALERT_THRESHOLDS.glucoseLow } });
    else if (alert.code === 'bloodPressureHigh') {
      const flag: FieldFlag = {
        code: alert.code,
        textKey: 'bloodPressureHigh',
        values: { systolic: ALERT_THRESHOLDS.systolic, diastolic: ALERT_THRESHOLDS.diastolic },
      };
      flags.set('sbp', flag);
      flags.set('dbp', flag);
    }
  }
  return flags;
}

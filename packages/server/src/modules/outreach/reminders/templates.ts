import type { ReminderKind } from '@tcm/contracts';

/**
 * The reminder texts (docs/outreach.md reviews them): fixed, with the institution, the patient's name
 * and a date filled in, and nothing else. No diagnosis, programme name or clinical value: a mobile is
 * often shared by a family.
 */
export const REMINDER_TEMPLATES: Record<ReminderKind, string> = {
  beforeDue: '【{institution}】{name}您好，您的随访预约在{date}，请按时就诊。如已就诊请忽略。',
  afterMissed: '【{institution}】{name}您好，您预约在{date}的随访尚未完成，请尽快到社区就诊。如已就诊请忽略。',
};

/** A template with its placeholders filled; the date as 2026年3月5日. */
export function reminderText(kind: ReminderKind, values: { institution: string; name: string; dueDate: string }): string {
  const [y, m, d] = values.dueDate.split('-').map(Number);
  const date = `${y}年${m}月${d}日`;
  return REMINDER_TEMPLATES[kind].replace('{institution}', values.institution).replace('{name}', values.name).replace('{date}', date);
}

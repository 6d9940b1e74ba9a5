import { MessageOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettingsList } from '@tcm/contracts/api/outreach';
import { OutreachPaths } from '@tcm/contracts/api/outreach-paths';
import { Card, List, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

const settingsKey = [...queryKeys.outreach, 'reminderSettings'] as const;

/**
 * The administrator's switch of the patients' SMS reminders, per institution (docs/outreach.md). A
 * reminder only ever goes to a patient who consented; this decides whether an institution sends any.
 */
export function ReminderSwitches() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get<ReminderSettingsList>(OutreachPaths.reminderSettings),
  });
  const toggle = useMutation({
    mutationFn: (input: { institutionId: number; enabled: boolean }) => api.post<unknown>(OutreachPaths.reminderSettings, input),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKey }),
  });
  return (
    <Card
      title={
        <span>
          <MessageOutlined aria-hidden /> {t('outreach.reminderSwitches.title')}
        </span>
      }
      style={{ maxWidth: 520, marginTop: 16 }}
      data-testid="reminder-switches"
    >
      <p style={{ marginTop: 0 }}>{t('outreach.reminderSwitches.hint')}</p>
      <List
        loading={settings.isLoading}
        dataSource={settings.data?.list ?? []}
        rowKey="institutionId"
        renderItem={(item) => (
          // Institution names are data, not interface text (the English sweep leaves them alone).
          <List.Item
            data-patient-data
            extra={
              <Switch
                checked={item.enabled}
                loading={toggle.isPending && toggle.variables?.institutionId === item.institutionId}
                aria-label={t('outreach.reminderSwitches.switch', { name: item.name })}
                onChange={(enabled) => toggle.mutate({ institutionId: item.institutionId, enabled })}
              />
            }
          >
            {item.name}
          </List.Item>
        )}
      />
    </Card>
  );
}

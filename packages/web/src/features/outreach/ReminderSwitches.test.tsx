// @vitest-environment happy-dom

import { OutreachPaths } from '@tcm/contracts/api/outreach-paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import { ReminderSwitches } from './ReminderSwitches';

beforeAll(bootI18n);

describe("the administrator's SMS reminder switches", () => {
  it('shows each institution with its switch, and turning one off posts it and reads the list again', async () => {
    const enabled = new Map([
      [1, true],
      [2, false],
    ]);
    const server = fakeServer()
      .on('GET', OutreachPaths.reminderSettings, () =>
        ok({
          list: [
            { institutionId: 1, name: '城东社区卫生服务中心', enabled: enabled.get(1) },
            { institutionId: 2, name: '城西社区卫生服务中心', enabled: enabled.get(2) },
          ],
        }),
      )
      .on('POST', OutreachPaths.reminderSettings, (request) => {
        const body = request.body as { institutionId: number; enabled: boolean };
        enabled.set(body.institutionId, body.enabled);
        return ok(body);
      });
    renderInApp(<ReminderSwitches />);
    const east = await screen.findByRole('switch', { name: '城东社区卫生服务中心：短信随访提醒' });
    expect(east.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: '城西社区卫生服务中心：短信随访提醒' }).getAttribute('aria-checked')).toBe('false');
    await userEvent.click(east);
    await waitFor(() => expect(server.sent('POST', OutreachPaths.reminderSettings)).toHaveLength(1));
    expect(server.sent('POST', OutreachPaths.reminderSettings)[0]?.body).toEqual({ institutionId: 1, enabled: false });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '城东社区卫生服务中心：短信随访提醒' }).getAttribute('aria-checked')).toBe('false'),
    );
  });
});

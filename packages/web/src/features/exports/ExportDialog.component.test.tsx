// @vitest-environment happy-dom

import { EXPORT_PROGRESS_PATH, ExportPaths } from '@tcm/contracts/api/export-paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session';
import { type FakeAnswer, fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import ExportDialog from './ExportDialog';

beforeAll(bootI18n);
beforeEach(() => {
  useSessionStore.setState({
    isAdmin: false,
    user: { id: 2, name: '王医生', mobile: '13900000000', institutionId: 1, institutionName: '社区卫生服务中心' } as never,
  });
});

describe('the export dialog while a file streams in', () => {
  it('names its export with a progressId and shows the rows the server has written', async () => {
    let finish: (answer: FakeAnswer) => void = () => {};
    const server = fakeServer()
      .on('GET', ExportPaths.annex7, () => new Promise<FakeAnswer>((resolve) => (finish = resolve)))
      .on('GET', EXPORT_PROGRESS_PATH, () => ok({ rows: 1200, done: false, known: true }));
    renderInApp(<ExportDialog open kinds={['annex7']} onClose={() => {}} />, { route: '/userList' });
    await userEvent.click(await screen.findByRole('button', { name: /导\s*出/ }));
    const status = await screen.findByTestId('export-progress');
    await waitFor(() => expect(status.textContent).toContain('已写入 1200 行'), { timeout: 4000 });
    const [download] = server.sent('GET', ExportPaths.annex7);
    const progressId = String(download?.params.progressId);
    expect(progressId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(server.sent('GET', EXPORT_PROGRESS_PATH)[0]?.params).toEqual({ progressId });
    finish(ok({}));
  });
});

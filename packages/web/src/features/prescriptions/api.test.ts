import { AxiosError, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/client';
import { configureClientEffects } from '../../api/effects';
import { PrescriptionSaveError, prescriptionApi } from './api';

// The save through the real client with a fake transport answering JSON text, as the network does.
let reply: { status: number; body: unknown };
const showError = vi.fn();

beforeEach(() => {
  showError.mockReset();
  configureClientEffects({ showError, expireSession: vi.fn() });
  http.defaults.adapter = async (config) => {
    const response: AxiosResponse = { data: JSON.stringify(reply.body), status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
});

describe('prescriptionApi.save', () => {
  it('answers the saved prescription', async () => {
    reply = { status: 200, body: { code: 0, message: '保存成功', data: { id: 3, kind: 'other' } } };
    await expect(prescriptionApi.save('other', { patientId: 1, content: '按揉足三里' })).resolves.toMatchObject({ id: 3 });
  });

  it("keeps the server's field errors (data.errors) of a refused save, without a toast", async () => {
    reply = {
      status: 400,
      body: {
        code: 400,
        message: '已勾选“食疗方”，请填写“食疗方内容”（共 2 处问题）',
        data: {
          errors: [
            { item: 'a42', message: '已勾选“食疗方”，请填写“食疗方内容”' },
            { item: '', message: '请至少勾选一项' },
          ],
        },
      },
    };
    const error = await prescriptionApi.save('diet', { patientId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrescriptionSaveError);
    expect((error as PrescriptionSaveError).serverMessage).toContain('食疗方内容');
    expect((error as PrescriptionSaveError).fieldErrors).toEqual([
      { item: 'a42', message: '已勾选“食疗方”，请填写“食疗方内容”' },
      { item: '', message: '请至少勾选一项' },
    ]);
    expect(showError).not.toHaveBeenCalled();
  });

  it('a refusal without field errors (a comparison-group member) keeps the message', async () => {
    reply = { status: 400, body: { code: 400, message: '对照组成员不开具健康处方（对照组不接受干预）', data: null } };
    const error = (await prescriptionApi.save('diet', { patientId: 1 }).catch((e: unknown) => e)) as PrescriptionSaveError;
    expect(error.fieldErrors).toEqual([]);
    expect(error.serverMessage).toContain('对照组');
  });
});

import { fieldLabel, findUnstorableText, unstorableTextMessage } from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/**
 * No request may carry NUL or an unpaired UTF-16 surrogate in any string, key or value, of its path,
 * query or JSON body: PostgreSQL can store neither, and no person types them. The input schemas build
 * on contracts' `textSchema`, which refuses them too; this hook holds the rule for every route at
 * once, including the free-form parts (record data, prescription content) checked after validation.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, where] of [
      [request.params, '路径参数'],
      [request.query, '查询参数'],
      [request.body, '请求内容'],
    ] as const) {
      const path = findUnstorableText(part);
      if (path) throw badRequest(unstorableTextMessage(path.length > 0 ? fieldLabel(path, '内容') : where));
    }
  });
}

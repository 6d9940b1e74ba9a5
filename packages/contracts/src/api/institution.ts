import { z } from 'zod';
import { INT4_MAX } from './validators';

export const InstitutionPaths = { list: '/api/institution/list' } as const;

/** The spec's request: page 1, limit 1000 (spec §7, §9). */
export const institutionListBody = z.object({
  page: z
    .number({ message: '页码（page）应为 1 到 2147483647 之间的整数' })
    .int({ message: '页码（page）应为 1 到 2147483647 之间的整数' })
    .min(1, { message: '页码（page）应为 1 到 2147483647 之间的整数' })
    .max(INT4_MAX, { message: '页码（page）应为 1 到 2147483647 之间的整数' })
    .default(1),
  limit: z
    .number({ message: '每页条数（limit）应为 1 到 1000 之间的整数' })
    .int({ message: '每页条数（limit）应为 1 到 1000 之间的整数' })
    .min(1, { message: '每页条数（limit）应为 1 到 1000 之间的整数' })
    .max(1000, { message: '每页条数（limit）应为 1 到 1000 之间的整数' })
    .default(1000),
});

export const institutionSchema = z.object({ id: z.number().int(), name: z.string() });
export type Institution = z.infer<typeof institutionSchema>;

export const institutionListResult = z.object({
  list: z.array(institutionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/**
 * The 10 community health service centres shown before the server's list arrives (spec §3, §9) and
 * seeded into an empty database. Ids are their positions, 1 to 10.
 */
export const DEFAULT_INSTITUTIONS: readonly Institution[] = [
  '城东社区卫生服务中心',
  '城西社区卫生服务中心',
  '城南社区卫生服务中心',
  '城北社区卫生服务中心',
  '中山路社区卫生服务中心',
  '人民路社区卫生服务中心',
  '解放路社区卫生服务中心',
  '新华街道社区卫生服务中心',
  '和平街道社区卫生服务中心',
  '滨江社区卫生服务中心',
].map((name, i) => ({ id: i + 1, name }));

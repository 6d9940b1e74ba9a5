import { z } from 'zod';

export const InstitutionPaths = { list: '/api/institution/list' } as const;

/** The spec's request: page 1, limit 1000 (spec §7, §9). */
export const institutionListBody = z.object({
  page: z.coerce.number().int().min(1, { message: 'page must be at least 1' }).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, { message: 'limit must be at least 1' })
    .max(1000, { message: 'limit must be at most 1000' })
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

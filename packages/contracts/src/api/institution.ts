import { z } from 'zod';
import { INT4_MAX } from './validators';

export { DEFAULT_INSTITUTIONS, InstitutionPaths } from './institution-presets';

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

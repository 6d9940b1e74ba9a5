import { z } from 'zod';
import { MAX_PAGE_SIZE } from './transport';
import { fieldLabel, INT4_MAX, queryInteger } from './validators';

export {
  API_BASE,
  BACKGROUND_POLL_HEADER,
  type Envelope,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  MAX_PAGE_SIZE,
  REQUEST_TIMEOUT_MS,
  ResponseCode,
  TOKEN_HEADER,
} from './transport';

/** The `{code, data, message}` envelope around a data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: z.string() });
}

export const emptyData = z.object({}).strict();

const pageError = (issue: { path?: PropertyKey[] }) => `${fieldLabel(issue.path, '页码')}应为 1 到 ${INT4_MAX} 之间的整数`;
const limitError = (issue: { path?: PropertyKey[] }) => `${fieldLabel(issue.path, '每页条数')}应为 1 到 ${MAX_PAGE_SIZE} 之间的整数`;
const pageNumber = z
  .number({ error: pageError })
  .int({ error: pageError })
  .min(1, { error: pageError })
  .max(INT4_MAX, { error: pageError });
const limitNumber = z
  .number({ error: limitError })
  .int({ error: limitError })
  .min(1, { error: limitError })
  .max(MAX_PAGE_SIZE, { error: limitError });

/** Paging in a query string (digits parsed). */
export const pageQuery = z.object({
  page: queryInteger(pageNumber, pageError).default(1),
  limit: queryInteger(limitNumber, limitError).default(20),
});
/** Paging in a JSON body: numbers only. */
export const pageBody = z.object({ page: pageNumber.default(1), limit: limitNumber.default(20) });
export type PageQuery = z.infer<typeof pageQuery>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

import { asc, count } from 'drizzle-orm';
import { institutions } from '../../db/schema';
import type { ServiceCall } from '../../lib/context';

export async function listInstitutions({ ctx, input }: ServiceCall<{ page: number; limit: number }>) {
  const [list, [total]] = await Promise.all([
    ctx.db
      .select({ id: institutions.id, name: institutions.name })
      .from(institutions)
      .orderBy(asc(institutions.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    ctx.db.select({ value: count() }).from(institutions),
  ]);
  return { list, total: total?.value ?? 0, page: input.page, limit: input.limit };
}

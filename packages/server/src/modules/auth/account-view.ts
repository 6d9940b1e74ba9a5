import type { CurrentUser } from '@tcm/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, institutions } from '../../db/schema';
import { notFound } from '../../lib/errors';

export async function loadCurrentUser(db: Db, accountId: number): Promise<CurrentUser> {
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      role: accounts.role,
      username: accounts.username,
      institutionId: accounts.institutionId,
      institutionName: institutions.name,
    })
    .from(accounts)
    .leftJoin(institutions, eq(institutions.id, accounts.institutionId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row) throw notFound('账号不存在');
  return row;
}

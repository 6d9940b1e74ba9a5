// `npm run audit:verify`: recomputes the audit log's hash chain and names the first broken link.
// Exit status 0 when the chain holds, 1 when it is broken, 2 when the check could not run.
import { openDatabaseFromEnv } from '../src/cli/open-from-env';
import { describeAuditChain, verifyAuditChain } from '../src/db/queries/audit-chain';

async function main(): Promise<number> {
  const { database, where } = await openDatabaseFromEnv(process.env);
  try {
    const report = await verifyAuditChain(database.db);
    process.stdout.write(`${where}\n${describeAuditChain(report)}\n`);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`audit:verify could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);

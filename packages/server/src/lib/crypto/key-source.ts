import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DataKeyError, Keyring, newMasterKey, parseMasterKey } from './keyring';

/** Where the data key comes from (config.ts): resolved into a Keyring once, by keyringOf. */
export interface DataKeyConfig {
  /** DATA_KEY: the master key itself (64 hex characters or base64 of 32 bytes). */
  key: string | undefined;
  /** DATA_KEY_FILE, else DATA_DIR/data.key (./data/data.key when DATA_DIR is in memory). */
  file: string;
  /** Outside production with neither DATA_KEY nor DATA_KEY_FILE: `file` is created on first use. */
  createFile: boolean;
  /** DATA_KEY_PREVIOUS: keys (comma-separated) that still open rows until `npm run data:rekey` or a restart. */
  previous: string[];
}

/** The key file used when DATA_KEY_FILE is not set: beside the PGlite data, never in the repository. */
export function defaultKeyFile(dataDir: string): string {
  return path.join(dataDir.startsWith('memory://') ? './data' : dataDir, 'data.key');
}

/**
 * Creates the key file once, mode 0600. Written aside and hard-linked into place, so two processes
 * starting together never read a half-written file: the second link fails and both read the first.
 */
function createKeyFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(aside, `${newMasterKey()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
}

function masterKeyOf(text: string, where: string): Buffer {
  const key = parseMasterKey(text);
  if (!key) throw new DataKeyError(`${where} is not a data key: 64 hex characters or base64 of 32 bytes (docs/security-data.md)`);
  return key;
}

export function openKeyring(source: DataKeyConfig): Keyring {
  let current: Buffer;
  if (source.key) {
    current = masterKeyOf(source.key, 'DATA_KEY');
  } else {
    if (!existsSync(source.file)) {
      if (!source.createFile) throw new DataKeyError(`The data key file ${source.file} does not exist`);
      createKeyFile(source.file);
    }
    current = masterKeyOf(readFileSync(source.file, 'utf8'), `The data key file ${source.file}`);
  }
  return Keyring.fromMasterKeys(
    current,
    source.previous.map((text, i) => masterKeyOf(text, `DATA_KEY_PREVIOUS (key ${i + 1})`)),
  );
}

const opened = new WeakMap<DataKeyConfig, Keyring>();

/** The keyring of a configuration, opened (and its file created or read) on first use only. */
export function keyringOf(config: { dataKeys: DataKeyConfig }): Keyring {
  let keyring = opened.get(config.dataKeys);
  if (!keyring) {
    keyring = openKeyring(config.dataKeys);
    opened.set(config.dataKeys, keyring);
  }
  return keyring;
}

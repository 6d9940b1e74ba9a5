import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Column encryption of identifiers (docs/security-data.md). One 32-byte master key yields, through
 * HKDF-SHA-256 with distinct labels, an AES-256-GCM key, an HMAC-SHA-256 key for the blind indexes and
 * a short public key id. The id travels inside every ciphertext and beside each row's blind indexes,
 * so after a rotation the server still opens rows sealed under a previous key until they are rekeyed.
 */

/** Where a sealed value belongs: bound into the GCM tag, so a ciphertext moved to another column fails. */
export type SealedColumn = 'patients.id_num' | 'patients.tel_num';

/** What a blind index answers: equality of the whole ID number or mobile, or of their last four characters. */
export type BlindIndexPurpose = 'idNum' | 'idLast4' | 'telNum' | 'telLast4';

export interface DataKey {
  /** 8 hex characters derived from the key: tells keys apart without revealing them. */
  readonly id: string;
  readonly encryptionKey: Buffer;
  readonly indexKey: Buffer;
}

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A blind index keeps 128 bits of the HMAC: collisions stay out of reach, the index stays small. */
const INDEX_HEX_CHARS = 32;

function derive(master: Buffer, label: string, bytes: number): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `tcm-prediabetes ${label}`, bytes));
}

/** A master key as configured: 64 hex characters, or base64 of 32 bytes. */
export function parseMasterKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return null;
}

export function newMasterKey(): string {
  return randomBytes(32).toString('base64');
}

export function dataKeyOf(master: Buffer): DataKey {
  if (master.length !== 32) throw new Error('a data key is 32 bytes');
  return {
    id: derive(master, 'key id v1', 4).toString('hex'),
    encryptionKey: derive(master, 'column encryption v1', 32),
    indexKey: derive(master, 'blind index v1', 32),
  };
}

export class DataKeyError extends Error {}

/** The current key, which seals and indexes every new value, and the previous ones, which still open. */
export class Keyring {
  private readonly byId: Map<string, DataKey>;

  constructor(
    readonly current: DataKey,
    readonly previous: readonly DataKey[] = [],
  ) {
    this.byId = new Map([...previous, current].map((key) => [key.id, key]));
  }

  static fromMasterKeys(current: Buffer, previous: readonly Buffer[] = []): Keyring {
    const currentKey = dataKeyOf(current);
    return new Keyring(
      currentKey,
      previous.map(dataKeyOf).filter((key) => key.id !== currentKey.id),
    );
  }

  /** `v1.<key id>.<base64 of iv, ciphertext, tag>`: a fresh random IV each time, so equal values differ. */
  seal(plain: string, column: SealedColumn, key: DataKey = this.current): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.encryptionKey, iv);
    cipher.setAAD(Buffer.from(column));
    const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${FORMAT}.${key.id}.${body.toString('base64')}`;
  }

  /** The key id a sealed value names, or null when the text is not one. */
  static keyIdOf(sealed: string): string | null {
    const [format, id] = sealed.split('.', 2);
    return format === FORMAT && id ? id : null;
  }

  open(sealed: string, column: SealedColumn): string {
    const [format, id, body] = sealed.split('.');
    const key = id ? this.byId.get(id) : undefined;
    if (format !== FORMAT || !body) throw new DataKeyError('not a sealed value');
    if (!key) throw new DataKeyError(`sealed under key ${id}, which is neither DATA_KEY nor in DATA_KEY_PREVIOUS`);
    const bytes = Buffer.from(body, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key.encryptionKey, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(column));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new DataKeyError(`a sealed ${column} failed its integrity check`);
    }
  }

  /** The keyed hash searched for equality; the purpose is hashed in, so equal digits index apart per purpose. */
  blindIndex(value: string, purpose: BlindIndexPurpose, key: DataKey = this.current): string {
    return createHmac('sha256', key.indexKey).update(`${purpose}\u0000${value}`).digest('hex').slice(0, INDEX_HEX_CHARS);
  }

  /** The index under every key a row may still be indexed with (the previous ones until rekeyed). */
  blindIndexes(value: string, purpose: BlindIndexPurpose): string[] {
    return [this.current, ...this.previous].map((key) => this.blindIndex(value, purpose, key));
  }
}

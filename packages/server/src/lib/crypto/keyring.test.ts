import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DataKeyError, Keyring, parseMasterKey } from './keyring';

const masterA = Buffer.alloc(32, 1);
const masterB = Buffer.alloc(32, 2);
const ID = '110105196001010011';

describe('the data keyring', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const keyring = Keyring.fromMasterKeys(masterA);
    const first = keyring.seal(ID, 'patients.id_num');
    const second = keyring.seal(ID, 'patients.id_num');
    expect(first).not.toBe(second);
    expect(first).not.toContain(ID);
    expect(first.startsWith(`v1.${keyring.current.id}.`)).toBe(true);
    expect(keyring.open(first, 'patients.id_num')).toBe(ID);
    expect(keyring.open(second, 'patients.id_num')).toBe(ID);
  });

  it('refuses a ciphertext moved to another column, edited, or sealed under an unknown key', () => {
    const keyring = Keyring.fromMasterKeys(masterA);
    const sealed = keyring.seal(ID, 'patients.id_num');
    expect(() => keyring.open(sealed, 'patients.tel_num')).toThrow(DataKeyError);
    const body = Buffer.from(sealed.split('.')[2]!, 'base64');
    body[14] = (body[14] ?? 0) ^ 1;
    expect(() => keyring.open(`v1.${keyring.current.id}.${body.toString('base64')}`, 'patients.id_num')).toThrow(/integrity/);
    const other = Keyring.fromMasterKeys(masterB);
    expect(() => other.open(sealed, 'patients.id_num')).toThrow(/neither DATA_KEY nor in DATA_KEY_PREVIOUS/);
  });

  it('derives apart the encryption key, the index key and the key id (HKDF), all stable for one master key', () => {
    const a = Keyring.fromMasterKeys(masterA).current;
    const again = Keyring.fromMasterKeys(Buffer.from(masterA)).current;
    expect(again).toEqual(a);
    expect(a.encryptionKey.equals(a.indexKey)).toBe(false);
    expect(a.encryptionKey.equals(masterA)).toBe(false);
    expect(a.id).toMatch(/^[0-9a-f]{8}$/);
    expect(Keyring.fromMasterKeys(masterB).current.id).not.toBe(a.id);
  });

  it('indexes equal values alike per key and purpose, and apart across purposes and keys', () => {
    const keyring = Keyring.fromMasterKeys(masterA);
    expect(keyring.blindIndex('0011', 'idLast4')).toBe(keyring.blindIndex('0011', 'idLast4'));
    expect(keyring.blindIndex('0011', 'idLast4')).not.toBe(keyring.blindIndex('0011', 'telLast4'));
    expect(keyring.blindIndex('0011', 'idLast4')).toMatch(/^[0-9a-f]{32}$/);
    expect(Keyring.fromMasterKeys(masterB).blindIndex('0011', 'idLast4')).not.toBe(keyring.blindIndex('0011', 'idLast4'));
  });

  it('opens under a previous key and searches under both until rows are rekeyed', () => {
    const old = Keyring.fromMasterKeys(masterA);
    const rotated = Keyring.fromMasterKeys(masterB, [masterA]);
    const sealedOld = old.seal(ID, 'patients.id_num');
    expect(rotated.open(sealedOld, 'patients.id_num')).toBe(ID);
    expect(Keyring.keyIdOf(rotated.seal(ID, 'patients.id_num'))).toBe(rotated.current.id);
    expect(rotated.blindIndexes(ID, 'idNum')).toEqual([rotated.blindIndex(ID, 'idNum'), old.blindIndex(ID, 'idNum')]);
    // The current key listed again as previous is not a second key.
    expect(Keyring.fromMasterKeys(masterB, [masterB]).previous).toEqual([]);
  });

  it('reads a master key as 64 hex characters or base64 of 32 bytes, and nothing shorter', () => {
    const bytes = randomBytes(32);
    expect(parseMasterKey(bytes.toString('hex'))?.equals(bytes)).toBe(true);
    expect(parseMasterKey(` ${bytes.toString('base64')}\n`)?.equals(bytes)).toBe(true);
    expect(parseMasterKey(bytes.toString('base64url'))?.equals(bytes)).toBe(true);
    expect(parseMasterKey('secret')).toBeNull();
    expect(parseMasterKey(randomBytes(16).toString('hex'))).toBeNull();
  });
});

import argon2 from 'argon2';
import type { SecurityConfig } from '../../config';

export function hashPassword(password: string, security: SecurityConfig): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...security.argon2 });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check when the account does not exist, so that response time does
 * not tell which usernames are registered.
 */
export async function verifyAgainstDummy(password: string, security: SecurityConfig): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-1', security);
  await verifyPassword(await dummyHash, password);
  return false;
}

import { hash, verify } from '@node-rs/argon2';

/** Password hashing behind an adapter; argon2id with the library's defaults (OWASP's minimum). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

const ARGON2ID = 2;

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, { algorithm: ARGON2ID }),
  verify: async (digest, password) => {
    try {
      return await verify(digest, password);
    } catch {
      // A malformed stored hash is a failed check, not a crash.
      return false;
    }
  },
};

/** Keeps endpoint signing secrets unreadable at rest; they cannot be hashed, because every delivery is signed. */
export abstract class SecretCipher {
  /** `context` binds the ciphertext to its owner: a ciphertext copied onto another user's row does not decrypt. */
  abstract encrypt(plain: string, context: string): string;
  abstract decrypt(ciphertext: string, context: string): string;
}

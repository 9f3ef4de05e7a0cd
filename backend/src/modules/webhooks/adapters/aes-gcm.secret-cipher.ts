import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { SecretCipher } from '../ports/secret-cipher';

/**
 * AES-256-GCM with the operator's WEBHOOKS_SECRET_KEY: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). The key
 * id (a hash prefix, not the key) says which key sealed a value, so a changed key fails with a clear error rather
 * than as a forged-looking tag mismatch.
 */
export class AesGcmSecretCipher extends SecretCipher {
  private readonly keyId: string;

  constructor(private readonly key: Buffer) {
    super();
    if (key.length !== 32) throw new Error('The webhook secret key must be 32 bytes');
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', this.keyId, iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  decrypt(ciphertext: string, context: string): string {
    const [version, keyId, iv, tag, sealed] = ciphertext.split('.');
    if (version !== 'v1' || !sealed) throw new Error('Not a sealed webhook secret');
    if (keyId !== this.keyId)
      throw new Error('This endpoint secret was sealed with another WEBHOOKS_SECRET_KEY; register the endpoint again');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}

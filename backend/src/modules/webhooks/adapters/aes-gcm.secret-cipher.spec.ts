import { randomBytes } from 'node:crypto';
import { AesGcmSecretCipher } from './aes-gcm.secret-cipher';

describe('AesGcmSecretCipher', () => {
  const cipher = new AesGcmSecretCipher(randomBytes(32));

  it('gives the secret back only with the same key and the same owner', () => {
    const sealed = cipher.encrypt('whsec_abc', 'user-1');
    expect(sealed).not.toContain('whsec_abc');
    expect(cipher.decrypt(sealed, 'user-1')).toBe('whsec_abc');
    expect(() => cipher.decrypt(sealed, 'user-2')).toThrow();
    expect(() => new AesGcmSecretCipher(randomBytes(32)).decrypt(sealed, 'user-1')).toThrow(
      /sealed with another WEBHOOKS_SECRET_KEY/,
    );
    expect(cipher.encrypt('whsec_abc', 'user-1')).not.toBe(sealed);
  });
});

import { hashPassword, isForeignHash, verifyPassword } from './passwords';

/** NetBox 3.5's demo user `admin`, whose password is `admin`, as Django hashed it. */
const DJANGO_ADMIN = 'pbkdf2_sha256$320000$KyNg5z5jzFDJUGhtBQu8zC$OOs3eJU2VD8h/LCOVV0rsjQjgHJm6VKsht/zPuvzHWc=';

describe('passwords', () => {
  it("verifies Django's PBKDF2-SHA256 hashes, as a NetBox user's password is stored", async () => {
    expect(await verifyPassword('admin', DJANGO_ADMIN)).toBe(true);
    expect(await verifyPassword('Admin', DJANGO_ADMIN)).toBe(false);
    expect(await verifyPassword('admin', 'pbkdf2_sha256$0$salt$')).toBe(false);
    expect(await verifyPassword('admin', 'pbkdf2_sha256$x$salt$abc=')).toBe(false);
    expect(isForeignHash(DJANGO_ADMIN)).toBe(true);
  });

  it('verifies its own scrypt hashes, and no other scheme', async () => {
    const hash = await hashPassword('s3cret!');
    expect(await verifyPassword('s3cret!', hash)).toBe(true);
    expect(await verifyPassword('other', hash)).toBe(false);
    expect(isForeignHash(hash)).toBe(false);
    expect(await verifyPassword('admin', 'md5$salt$21232f297a57a5a743894a0e4a801fc3')).toBe(false);
  });
});

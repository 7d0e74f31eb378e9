import { AppConfig } from '../config/config';
import { Database } from '../db/database';
import { registry } from '../model/model';
import { ModelQuery } from '../query/model-query';
import { Writer } from '../write/writer';
import { hashPassword, verifyPassword } from './passwords';

/** Makes sure the SUPERUSER_* account and its token exist as configured; safe to run on every start. */
export async function ensureSuperuser(db: Database, config: AppConfig): Promise<void> {
  const wanted = config.superuser;
  if (!wanted) return;
  const users = registry.get('users.user')!;
  const tokens = registry.get('users.token')!;
  await db.transaction(async (em) => {
    const writer = new Writer(em, db.driver);
    let [user] = await new ModelQuery(em, users, db.driver).where('t.username = :u', { u: wanted.name }).rows({ order: ['id'] });
    if (!user) {
      const id = await writer.create(users, { username: wanted.name, password: wanted.password, email: wanted.email, is_staff: true });
      user = await writer.load(users, id);
    } else if (!(await verifyPassword(wanted.password, user.password).catch(() => false))) {
      await em.createQueryBuilder().update(users.table).set({ password: await hashPassword(wanted.password) }).where('id = :id', { id: user.id }).execute();
    }
    await em.createQueryBuilder().update(users.table).set({ is_superuser: true, is_staff: true, is_active: true }).where('id = :id', { id: user.id }).execute();
    if (!wanted.apiToken) return;
    const [token] = await new ModelQuery(em, tokens, db.driver).where('t.key = :k', { k: wanted.apiToken }).rows({ order: ['id'] });
    if (!token) {
      await writer.create(tokens, { user: user.id, key: wanted.apiToken, write_enabled: true, description: 'Bootstrap token (SUPERUSER_API_TOKEN)' });
    } else {
      await em.createQueryBuilder().update(tokens.table).set({ user_id: user.id, write_enabled: true, enabled: true, expires: null }).where('id = :id', { id: token.id }).execute();
    }
  });
}

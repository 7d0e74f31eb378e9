import { TestApp } from './helpers/test-app';
import { makeUserWithToken } from './helpers/users';

/** `/api/extras/dashboard/`: each user's own dashboard layout, as NetBox keeps it. */
describe('Dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  const layout = [{ id: 'a1b2', x: 0, y: 0, w: 4, h: 3 }];
  const config = { a1b2: { class: 'extras.NoteWidget', title: 'Welcome', config: { content: 'Hello' } } };

  it('reads, replaces, changes and deletes the requesting user’s dashboard, and no one else’s', async () => {
    expect((await t.get('/api/extras/dashboard/').expect(200)).body).toEqual({ layout: [], config: {} });
    expect((await t.put('/api/extras/dashboard/', { layout, config }).expect(200)).body).toEqual({ layout, config });
    expect((await t.get('/api/extras/dashboard/').expect(200)).body).toEqual({ layout, config });
    const moved = [{ ...layout[0], x: 4 }];
    expect((await t.patch('/api/extras/dashboard/', { layout: moved }).expect(200)).body).toEqual({ layout: moved, config });
    // A replacement without `config` empties it.
    expect((await t.put('/api/extras/dashboard/', { layout: moved }).expect(200)).body).toEqual({ layout: moved, config: {} });

    const { key } = await makeUserWithToken(t, 'other');
    expect((await t.get('/api/extras/dashboard/', key).expect(200)).body).toEqual({ layout: [], config: {} });
    await t.patch('/api/extras/dashboard/', { config }, key).expect(200);
    expect((await t.get('/api/extras/dashboard/').expect(200)).body).toEqual({ layout: moved, config: {} });

    await t.delete('/api/extras/dashboard/').expect(204);
    expect((await t.get('/api/extras/dashboard/').expect(200)).body).toEqual({ layout: [], config: {} });
    expect((await t.get('/api/extras/dashboard/', key).expect(200)).body).toEqual({ layout: [], config });
  });

  it('needs a signed-in user and a JSON object', async () => {
    await t.anon().get('/api/extras/dashboard/').expect(403);
    expect((await t.put('/api/extras/dashboard/', [1]).expect(400)).body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    expect((await t.post('/api/extras/dashboard/', {}).expect(405)).body).toEqual({ detail: 'Method "POST" not allowed.' });
  });
});

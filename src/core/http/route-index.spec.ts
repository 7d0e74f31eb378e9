import express from 'express';
import request from 'supertest';
import { indexRoutes, routeExists } from './route-index';

/** Routes whose order matters: a parameter shadows a literal, a handler passes on, methods differ per path. */
function application(): express.Express {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('X-Seen', 'yes');
    next();
  });
  const answer = (name: string) => (req: express.Request, res: express.Response) => res.json({ name, params: req.params, route: req.route.path });
  app.get('/api/dcim/devices/', answer('device list'));
  app.post('/api/dcim/devices/', answer('device create'));
  app.options('/api/dcim/devices/', answer('device options'));
  app.get('/api/dcim/devices/:id(\\d+)/', answer('device detail'));
  app.get('/api/dcim/:model/', (req, res, next) => (req.params.model === 'sites' ? res.json({ name: 'any model' }) : next()));
  app.get('/api/dcim/racks/', answer('rack list'));
  app.get('/api/dcim/devices/:id(\\d+)/napalm/', answer('napalm'));
  app.get('/api/ipam/prefixes/:id(\\d+)/available-ips/', answer('available ips'));
  app.post('/api/ipam/prefixes/:id(\\d+)/available-ips/', answer('allocate ips'));
  app.get('/api/status/', answer('status'));
  app.get('/api/', answer('root'));
  app.get('/media/*', answer('media'));
  app.use((req, res) => res.status(404).json({ detail: 'Not found.', method: req.method }));
  return app;
}

const requests: Array<[method: 'get' | 'post' | 'head' | 'options' | 'delete', path: string]> = [
  ['get', '/api/dcim/devices/'],
  ['get', '/api/dcim/devices'],
  ['get', '/API/DCIM/Devices/'],
  ['post', '/api/dcim/devices/'],
  ['options', '/api/dcim/devices/'],
  ['head', '/api/dcim/devices/'],
  ['delete', '/api/dcim/devices/'],
  ['get', '/api/dcim/devices/12/'],
  ['options', '/api/dcim/devices/12/'],
  ['get', '/api/dcim/devices/12/napalm/'],
  ['get', '/api/dcim/devices/x/'],
  ['get', '/api/dcim/sites/'],
  ['get', '/api/dcim/racks/'],
  ['get', '/api/dcim/devicesx/'],
  ['get', '/api/ipam/prefixes/7/available-ips/?limit=3'],
  ['post', '/api/ipam/prefixes/7/available-ips/'],
  ['options', '/api/ipam/prefixes/7/available-ips/'],
  ['get', '/api/status/'],
  ['get', '/api/'],
  ['get', '/api'],
  ['get', '/media/a/b.png'],
  ['get', '/nowhere/'],
];

describe('indexRoutes', () => {
  const plain = application();
  const indexed = application();
  indexRoutes(indexed);

  it('keeps fewer layers than routes', () => {
    const layers = (app: express.Express) => (app as unknown as { _router: { stack: unknown[] } })._router.stack.length;
    expect(layers(indexed)).toBeLessThan(layers(plain));
    expect(layers(indexed)).toBe(5);
  });

  it.each(requests)('answers %s %s as the application without the index does', async (method, path) => {
    const [before, after] = await Promise.all([request(plain)[method](path), request(indexed)[method](path)]);
    expect({ status: after.status, body: after.body, allow: after.headers.allow, seen: after.headers['x-seen'] }).toEqual({
      status: before.status,
      body: before.body,
      allow: before.headers.allow,
      seen: before.headers['x-seen'],
    });
  });

  it('finds routes inside and outside the index', () => {
    for (const path of ['/api/dcim/devices/', '/api/dcim/devices/3/napalm/', '/api/status/', '/media/x']) {
      expect([path, routeExists(indexed, path)]).toEqual([path, routeExists(plain, path)]);
      expect(routeExists(indexed, path)).toBe(true);
    }
    expect(routeExists(indexed, '/api/dcim/devices/x/y/')).toBe(false);
  });
});

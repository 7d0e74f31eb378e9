import express from 'express';
import * as http from 'http';
import request from 'supertest';
import { requestClasses } from './request-classes';

describe('requestClasses', () => {
  it("makes requests and responses with the application's prototypes, so Express changes neither", async () => {
    const app = express();
    let seen: { request: boolean; response: boolean; madeWith: boolean } | null = null;
    app.get('/api/status/', (req, res) => {
      seen = {
        request: Object.getPrototypeOf(req) === app.request,
        response: Object.getPrototypeOf(res) === app.response,
        madeWith: req instanceof http.IncomingMessage && res instanceof http.ServerResponse,
      };
      res.status(201).json({ host: req.get('host') !== undefined, accepts: req.accepts('json') });
    });
    const server = http.createServer(requestClasses(app), app);
    // Before Express sees them: made with its prototypes, not given them.
    let made: { request: boolean; response: boolean } | null = null;
    server.prependListener('request', (req, res) => {
      made = { request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response };
    });

    const res = await request(server).get('/api/status/').set('Accept', 'application/json');

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ host: true, accepts: 'json' });
    expect(made).toEqual({ request: true, response: true });
    expect(seen).toEqual({ request: true, response: true, madeWith: true });
  });

  it("puts the application's prototypes in front of Express's, which keep its methods", () => {
    const app = express();
    const original = app.request;
    requestClasses(app);
    expect(Object.getPrototypeOf(app.request)).toBe(original);
    expect(typeof app.request.get).toBe('function');
    expect(typeof app.response.json).toBe('function');
  });
});

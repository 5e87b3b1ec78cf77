import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { bodyParsers } from './body-parsers.js';

/** An app that echoes what its routes received: the raw bytes as hex, or the parsed JSON. */
function echoApp() {
  const app = express();
  app.use(...bodyParsers(['/api/webhooks/example']));
  app.post('/api/webhooks/example', (req, res) => {
    res.json({ raw: Buffer.isBuffer(req.body), hex: Buffer.isBuffer(req.body) ? req.body.toString('hex') : null });
  });
  app.post('/api/form', (req, res) => {
    res.json({ raw: Buffer.isBuffer(req.body), body: req.body as unknown });
  });
  return app;
}

describe('bodyParsers (issue 11: per-route raw bodies)', () => {
  it('hands a raw route the exact bytes it received, whatever their content type', async () => {
    const payload = '{"id":"evt_1",  "type":"x"}\n'; // spacing and newline kept: a signature covers them
    const res = await request(echoApp()).post('/api/webhooks/example').set('Content-Type', 'application/json').send(payload).expect(200);
    expect(res.body).toEqual({ raw: true, hex: Buffer.from(payload).toString('hex') });
  });

  it('parses JSON on every other route, and answers 400 for malformed JSON and 413 past the limit', async () => {
    const app = echoApp();
    const ok = await request(app).post('/api/form').send({ email: 'a@example.com' }).expect(200);
    expect(ok.body).toEqual({ raw: false, body: { email: 'a@example.com' } });
    const bad = await request(app).post('/api/form').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(bad.body).toEqual({ message: 'Malformed JSON body.' });
    const big = await request(app)
      .post('/api/form')
      .send({ text: 'x'.repeat(200_000) })
      .expect(413);
    expect(big.body).toEqual({ message: 'Request body too large.' });
  });
});

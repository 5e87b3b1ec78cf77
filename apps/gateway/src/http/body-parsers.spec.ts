import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { bodyParsers, UnreadBody } from './body-parsers.js';

/** An app that echoes what its routes received: the raw bytes as hex, or the parsed JSON. */
function echoApp() {
  const app = express();
  app.use(...bodyParsers(['/api/webhooks/example']));
  app.post('/api/webhooks/example', (req, res) => {
    res.json({ raw: Buffer.isBuffer(req.body), hex: Buffer.isBuffer(req.body) ? req.body.toString('hex') : null });
  });
  app.post('/api/form', (req, res) => {
    const unread = req.body instanceof UnreadBody ? req.body.contentType : null;
    res.json({ raw: Buffer.isBuffer(req.body), body: unread === null ? (req.body as unknown) : null, unread });
  });
  return app;
}

describe('bodyParsers (per-route raw bodies)', () => {
  it('hands a raw route the exact bytes it received, whatever their content type', async () => {
    const payload = '{"id":"evt_1",  "type":"x"}\n'; // spacing and newline kept: a signature covers them
    const res = await request(echoApp()).post('/api/webhooks/example').set('Content-Type', 'application/json').send(payload).expect(200);
    expect(res.body).toEqual({ raw: true, hex: Buffer.from(payload).toString('hex') });
  });

  it('parses JSON on every other route, and answers 400 for malformed JSON and 413 past the limit', async () => {
    const app = echoApp();
    const ok = await request(app).post('/api/form').send({ email: 'a@example.com' }).expect(200);
    expect(ok.body).toEqual({ raw: false, body: { email: 'a@example.com' }, unread: null });
    const bad = await request(app).post('/api/form').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(bad.body).toEqual({ code: 'request.malformed-json', message: 'Malformed JSON body.' });
    const big = await request(app)
      .post('/api/form')
      .send({ text: 'x'.repeat(200_000) })
      .expect(413);
    expect(big.body).toEqual({ code: 'request.too-large', message: 'Request body too large.' });
  });

  it('answers JSON that is not an object or a list with 400 and says the body must be an object', async () => {
    const app = echoApp();
    for (const body of ['"text"', '42', 'true', 'null', ' "padded" ']) {
      const res = await request(app).post('/api/form').set('Content-Type', 'application/json').send(body);
      expect([body, res.status, res.body]).toEqual([
        body,
        400,
        { code: 'request.not-an-object', message: 'The request body must be a JSON object.' },
      ]);
    }
  });

  it('answers a charset other than UTF-8 with 415 naming the charset, not as malformed JSON', async () => {
    const app = echoApp();
    for (const [charset, named] of [
      ['latin1', 'LATIN1'],
      ['utf-42', 'UTF-42'],
    ]) {
      const res = await request(app)
        .post('/api/form')
        .set('Content-Type', `application/json; charset=${charset}`)
        .send('{"email":"a@b.co"}');
      expect([charset, res.status, res.body]).toEqual([
        charset,
        415,
        {
          code: 'request.unsupported-charset',
          message: `Unsupported charset "${named}": send the JSON body as UTF-8.`,
          params: { charset: named },
        },
      ]);
    }
    const utf8 = await request(app).post('/api/form').set('Content-Type', 'application/json; charset=UTF-8').send('{"a":1}').expect(200);
    expect(utf8.body).toEqual({ raw: false, body: { a: 1 }, unread: null });
  });

  it('answers an unknown Content-Encoding with 415 naming it', async () => {
    const res = await request(echoApp())
      .post('/api/form')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'x-unknown')
      .send('{"a":1}');
    expect([res.status, res.body]).toEqual([
      415,
      { code: 'request.unsupported-encoding', message: 'Unsupported content encoding "x-unknown".', params: { encoding: 'x-unknown' } },
    ]);
  });

  it('marks a body of another content type as unread (for a JSON route to refuse with 415), and leaves no body undefined', async () => {
    const app = echoApp();
    const json = '{"email":"a@example.com"}';
    const text = await request(app).post('/api/form').set('Content-Type', 'text/plain').send(json).expect(200);
    expect(text.body).toEqual({ raw: false, body: null, unread: 'text/plain' });
    const form = await request(app).post('/api/form').type('form').send('email=a%40example.com').expect(200);
    expect(form.body).toEqual({ raw: false, body: null, unread: 'application/x-www-form-urlencoded' });
    // No body at all, of any type (an empty POST, or Content-Length 0): nothing to refuse.
    const empty = await request(app).post('/api/form').set('Content-Type', 'text/plain').send('').expect(200);
    expect(empty.body).toEqual({ raw: false, unread: null });
    const none = await request(app).post('/api/form').expect(200);
    expect(none.body).toEqual({ raw: false, unread: null });
    // A raw route takes any type as bytes.
    const raw = await request(app).post('/api/webhooks/example').set('Content-Type', 'text/plain').send('x').expect(200);
    expect(raw.body).toEqual({ raw: true, hex: '78' });
  });
});

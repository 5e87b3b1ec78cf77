import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type Express } from 'express';
import request from 'supertest';
import { serveSpa } from './spa.js';

// Each copy of the script says which one it is, so the decoded body tells which file was sent.
const PLAIN = 'console.log("plain copy");';
const BROTLI = 'console.log("brotli copy");';
const GZIP = 'console.log("gzip copy");';
const INDEX = '<!doctype html><title>ArchLens</title><div id="root"></div>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let app: Express;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'archlens-spa-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), PLAIN);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(BROTLI));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(GZIP));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = express();
  expect(serveSpa(app, dist)).toBe(true);
  // What the gateway's API answers for a path nothing else took.
  app.use((_request, response) => {
    response.status(404).json({ message: 'not found' });
  });
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('serveSpa: the build compressed once, sent as it is', () => {
  it('sends the brotli copy to a browser that accepts br, cached for a year', async () => {
    const res = await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
    expect(res.text).toBe(BROTLI);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.text).toBe(GZIP);
  });

  it('sends the plain file when no encoding is accepted', async () => {
    const res = await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', '').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.text).toBe(PLAIN);
  });

  it('serves index.html and files outside assets/ with no-cache', async () => {
    const index = await request(app).get('/index.html').expect(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.text).toBe(INDEX);
    const root = await request(app).get('/').expect(200);
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.text).toBe(INDEX);
    const icon = await request(app).get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a client route with index.html, not cached', async () => {
    const res = await request(app).get('/analyse').set('Accept', 'text/html').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe(INDEX);
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('keeps a share link page out of search engines with X-Robots-Tag: noindex', async () => {
    const res = await request(app).get('/s/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde').set('Accept', 'text/html').expect(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.text).toBe(INDEX);
    // A page whose path merely starts with the letter is indexed as before.
    const other = await request(app).get('/services').set('Accept', 'text/html').expect(200);
    expect(other.headers['x-robots-tag']).toBeUndefined();
  });

  it('leaves /api paths and other methods to the API, without a Content-Encoding', async () => {
    await request(app).get('/api').expect(404, { message: 'not found' });
    await request(app).get('/api/auth/me').expect(404, { message: 'not found' });
    const post = await request(app).post('/assets/app-abc123.js').set('Accept-Encoding', 'br').expect(404);
    expect(post.headers['content-encoding']).toBeUndefined();
    expect(post.body).toEqual({ message: 'not found' });
  });

  it('answers 404 for a missing hashed asset rather than index.html', async () => {
    await request(app).get('/assets/LandingPage-old0hash.js').expect(404, { message: 'not found' });
  });

  it('reports false when the SPA has not been built', () => {
    expect(serveSpa(express(), path.join(dist, 'missing'))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MAX_STYLE_DESCRIPTION_CHARS, STYLE_PROFILE_MESSAGES } from '@archlens/contracts/style-profile';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';

/*
 * The style description editor's server side (spec §3 style profile, §5, §7):
 * `GET /api/style-profile` → `{description}` and `POST /api/style-profile {text}` → `{description}`,
 * kept by auth-service per user: at most 500 characters, not blank, signed in only.
 */

const PATH = '/api/style-profile';

function read(stack: Stack, user?: SignedInUser) {
  const req = request(stack.http).get(PATH);
  return user ? req.set('Cookie', user.cookie) : req;
}

function save(stack: Stack, user: SignedInUser | undefined, body: unknown) {
  const req = request(stack.http).post(PATH);
  return (user ? req.set('Cookie', user.cookie) : req).send(body as object);
}

describe('style profile', () => {
  let stack: Stack;
  let ada: SignedInUser;
  let grace: SignedInUser;

  beforeAll(async () => {
    stack = await startStack();
    [ada, grace] = await Promise.all([signUp(stack, 'Ada'), signUp(stack, 'Grace')]);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers an empty description before anything is saved', async () => {
    const res = await read(stack, ada).expect(200);
    expect(res.body).toEqual({ description: '' });
  });

  it('saves a description, trimmed, and reads it back; a second save replaces it', async () => {
    const first = 'Warm brick, deep reveals, a calm rhythm of bays — café-scale façades.';
    expect((await save(stack, ada, { text: `  ${first}\n` }).expect(200)).body).toEqual({ description: first });
    expect((await read(stack, ada).expect(200)).body).toEqual({ description: first });

    const exactlyMax = 'a'.repeat(MAX_STYLE_DESCRIPTION_CHARS);
    expect((await save(stack, ada, { text: exactlyMax }).expect(200)).body).toEqual({ description: exactlyMax });
    expect((await read(stack, ada).expect(200)).body).toEqual({ description: exactlyMax });
  });

  it('refuses 501 characters with the spec text and keeps the saved description', async () => {
    const before = (await read(stack, ada).expect(200)).body as { description: string };
    const res = await save(stack, ada, { text: 'b'.repeat(MAX_STYLE_DESCRIPTION_CHARS + 1) }).expect(400);
    expect(res.body).toMatchObject({ message: STYLE_PROFILE_MESSAGES.tooLong });
    expect(STYLE_PROFILE_MESSAGES.tooLong).toBe('Please keep your description under 500 characters.');
    expect((await read(stack, ada).expect(200)).body).toEqual(before);
  });

  it.each([
    ['an empty text', { text: '' }],
    ['a blank text', { text: ' \n\t ' }],
    ['no text', {}],
    ['a text that is not a string', { text: 42 }],
  ])('refuses %s with the spec text', async (_name, body) => {
    const res = await save(stack, ada, body).expect(400);
    expect(res.body).toMatchObject({ message: 'Please enter a style description.' });
  });

  it('answers 401 signed out, for reading and for saving', async () => {
    await read(stack).expect(401);
    await save(stack, undefined, { text: 'Signed out' }).expect(401);
  });

  it("keeps each user's description to that user", async () => {
    await save(stack, ada, { text: 'Ada: board-marked concrete.' }).expect(200);
    await save(stack, grace, { text: 'Grace: timber lattice screens.' }).expect(200);
    expect((await read(stack, ada).expect(200)).body).toEqual({ description: 'Ada: board-marked concrete.' });
    expect((await read(stack, grace).expect(200)).body).toEqual({ description: 'Grace: timber lattice screens.' });
  });
});

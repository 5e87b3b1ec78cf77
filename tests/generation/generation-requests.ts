// Test-only: what the generation suites share: Pro accounts with credits (written into billing's
// tables as tests/billing does), the multipart `POST /api/generate` a browser sends, and reads of
// the credit ledger and the generation tables.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import type { Stack } from '../support/stack.js';

/** The drawn fixture sketch every generation sends (32 KB PNG). */
export const SKETCH_FILE = 'house-line-scribble.png';
/** Reference photos, sent as `references`. */
export const REFERENCE_FILES = ['mit-media-lab.jpg', 'utrecht-jaarbeurs.jpg'] as const;
export const STYLE = 'Board-marked concrete, deep window reveals, bronze frames and a planted roof terrace';

/**
 * A signed-up user on an active plan with `credits` (monthly by default; `unlimited` is the VIP plan).
 */
export async function proUser(
  stack: Stack,
  credits: number,
  plan: 'monthly' | 'yearly' | 'unlimited' = 'monthly',
  firstName = 'Pro',
): Promise<SignedInUser> {
  const user = await signUp(stack, firstName);
  await stack.db.query(`INSERT INTO billing.subscriptions (user_id, plan, status) VALUES ($1, $2, 'active')`, [user.userId, plan]);
  await stack.db.query(`INSERT INTO billing.credit_balances (user_id, balance) VALUES ($1, $2)`, [user.userId, credits]);
  return user;
}

/** The controls of a generation, as the multipart text fields carry them. */
export type GenerationFields = Partial<
  Record<
    | 'styleDescription'
    | 'sketchDescription'
    | 'aspectRatio'
    | 'sketchInfluence'
    | 'detailLevel'
    | 'lighting'
    | 'variations'
    | 'provider'
    | 'seed'
    | 'jobId'
    | 'sourceAnalysisId',
    string | number
  >
>;

/**
 * `POST /api/generate` as /create sends it: the fixture sketch (unless `sketch` is false), `references`
 * reference photos, and the fields (a style description and a fresh job id unless given).
 */
export function postGeneration(
  stack: Stack,
  user: SignedInUser | undefined,
  fields: GenerationFields,
  files: { sketch?: boolean; references?: number } = {},
) {
  let req = request(stack.http).post('/api/generate');
  if (user) req = req.set('Cookie', user.cookie);
  const all: GenerationFields = { styleDescription: STYLE, jobId: randomUUID(), ...fields };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) req = req.field(name, String(value));
  if (files.sketch !== false) req = req.attach('sketch', fixtureSketch(SKETCH_FILE), SKETCH_FILE);
  for (let i = 0; i < (files.references ?? 0); i++) {
    const name = REFERENCE_FILES[i % REFERENCE_FILES.length];
    req = req.attach('references', fixturePhoto(name), name);
  }
  return req;
}

export async function balanceOf(stack: Stack, userId: string): Promise<number> {
  const { rows } = await stack.db.query<{ balance: number }>('SELECT balance FROM billing.credit_balances WHERE user_id = $1', [userId]);
  return rows[0]?.balance ?? 0;
}

/** The reservations billing holds for a user, with their status and amount. */
export async function reservationsOf(stack: Stack, userId: string): Promise<Array<{ reference: string; status: string; amount: number }>> {
  const { rows } = await stack.db.query<{ reference: string; status: string; amount: number }>(
    'SELECT reference, status, amount FROM billing.credit_reservations WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows;
}

/** The user's credit ledger rows by reason (`reserve`, `return`, `period_grant`). */
export async function ledgerReasons(stack: Stack, userId: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ reason: string }>('SELECT reason FROM billing.credit_ledger WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);
  return rows.map((r) => r.reason);
}

/** A generation job row as an operator reads it. */
export async function jobRow(stack: Stack, jobId: string) {
  const { rows } = await stack.db.query<{
    status: string;
    provider: string;
    error: string | null;
    credits_reserved: number;
    credits_spent: number;
    attempts: number;
    seed: string | null;
  }>('SELECT status, provider, error, credits_reserved, credits_spent, attempts, seed FROM generation.generation_jobs WHERE id = $1', [
    jobId,
  ]);
  return rows[0];
}

/** Object keys under `prefix` in the stack's bucket. */
export function objectsUnder(stack: Stack, prefix: string): Promise<string[]> {
  return stack.storage.list(prefix);
}

import { Body, Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  forgotPasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  type ForgotPasswordRequest,
  type ForgotPasswordResponse,
  type PublicUser,
  type SignInRequest,
  type SignUpRequest,
} from '@archlens/contracts/auth';
import { Route } from '../access/route.decorator.js';
import { clientAddress } from '../http/client-address.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { emailAtAddress, RateLimitsService } from '../security/rate-limits.service.js';
import { accountOfEmail, accountOfUsername, SignInDelays } from '../security/sign-in-delays.service.js';
import { vipLoginRequestSchema, type VipLoginRequest, type VipLoginResponse } from '@archlens/contracts/vip';
import { CurrentUserId } from '../sessions/session.guard.js';
import { SESSION_COOKIE, SessionService } from '../sessions/session.service.js';
import { ApiException } from '../http/api-error.js';
import { AccountsService } from './accounts.service.js';

/** True for the refusal a wrong password gets (the only failure the per-account count takes). */
const isWrongCredentials = (error: unknown, code: 'auth.invalid-credentials' | 'vip.invalid-credentials'): boolean =>
  error instanceof ApiException && error.reference.code === code;

/** Spec §7 auth routes and the browser navigations /api/login and /api/logout. */
@Controller()
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionService,
    private readonly limits: RateLimitsService,
    private readonly delays: SignInDelays,
  ) {}

  /**
   * `POST /api/auth/signup` `{email, first_name, last_name, password}` (spec §5 rules) → 201 and
   * the user, with a new session cookie. 400 with the spec §5 text; 409 for a taken e-mail;
   * 429 with `Retry-After` past `RATE_LIMIT_SIGN_UP_PER_IP` attempts from one address in an hour
   * (each valid body counts, taken e-mails too); 503 when the limits' Redis is unreachable.
   */
  @Route('signUp')
  async signUp(
    @Body(new ZodBodyPipe(signUpRequestSchema)) body: SignUpRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublicUser> {
    await this.limits.consume('signUpPerIp', clientAddress(request));
    const user = await this.accounts.signUp(body);
    await this.startSession(user.id, request, response);
    return user;
  }

  /**
   * `POST /api/auth/signin` `{email, password}` → 200 and the user, with a new session cookie;
   * 401 "Invalid email or password" for a wrong password and an unknown e-mail alike.
   * Abuse limits: 429 with `Retry-After`, before the password is checked, once an address has
   * `RATE_LIMIT_SIGN_IN_PER_IP` failed attempts in the last minute or an e-mail
   * `RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP` from that address in the last 15 minutes (failures from
   * other addresses never lock the owner out). Each attempt is counted as it starts (parallel
   * attempts too); a success gives the address its point back and clears the e-mail's count there.
   * Failures are also counted per account from every address (`SignInDelays`): past
   * `RATE_LIMIT_SIGN_IN_PER_ACCOUNT` each one delays the account's next sign-in, doubling up to
   * `SIGN_IN_DELAY_MAX_SECONDS` (429 `auth.sign-in-delayed` with `Retry-After`, before the password is
   * checked), except from an address the account signed in from in the last 30 days; a success clears
   * it. 503 when their Redis is unreachable.
   * A sign-in with a temporary password ends every other session of the user.
   */
  @Route('signIn')
  async signIn(
    @Body(new ZodBodyPipe(signInRequestSchema)) body: SignInRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublicUser> {
    const address = clientAddress(request);
    // Every attempt takes its point before the password is checked, so attempts sent in parallel are
    // counted too; a success gives the address its point back and clears the e-mail's count there.
    const emailHere = emailAtAddress(body.email, address);
    await this.limits.consumeAll([
      ['signInPerIp', address],
      ['signInPerEmailAndIp', emailHere],
    ]);
    const account = accountOfEmail(body.email);
    await this.delays.check(account, address);
    const { user, usedTemporaryPassword } = await this.accounts.signIn(body).catch(async (error: unknown) => {
      if (isWrongCredentials(error, 'auth.invalid-credentials')) await this.delays.failed(account);
      throw error;
    });
    await Promise.all([
      this.limits.reward('signInPerIp', address),
      this.limits.reset('signInPerEmailAndIp', emailHere),
      this.delays.succeeded(account, address),
    ]);
    // A temporary password ends every other session first: if that fails, no new session is given.
    if (usedTemporaryPassword) await this.sessions.destroyAllForUser(user.id);
    await this.startSession(user.id, request, response);
    return user;
  }

  /**
   * `POST /api/vip-login` `{username, password}` (spec §2, §7) → 200 `{success: true}` and a
   * session cookie for the VIP account on the unlimited plan; 400 `Username and password are
   * required`; 401 `Invalid VIP credentials` (wrong username or password alike, or VIP access off);
   * 429 after `RATE_LIMIT_VIP_LOGIN_PER_IP` failures from one address in 15 minutes (a success gives
   * its point back), or `auth.sign-in-delayed` while the username's failures from every address
   * delay it (`SignInDelays`); 503 `auth.sign-in-busy` when the gateway checks as many passwords at
   * once as `ARGON2_MAX_CONCURRENT` and `ARGON2_MAX_WAITING` allow.
   */
  @Route('vipLogin')
  async vipLogin(
    @Body(new ZodBodyPipe(vipLoginRequestSchema)) body: VipLoginRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VipLoginResponse> {
    const address = clientAddress(request);
    await this.limits.consume('vipLoginPerIp', address);
    const account = accountOfUsername('vip', body.username);
    await this.delays.check(account, address);
    const user = await this.accounts.vipSignIn(body).catch(async (error: unknown) => {
      if (isWrongCredentials(error, 'vip.invalid-credentials')) await this.delays.failed(account);
      throw error;
    });
    await Promise.all([this.limits.reward('vipLoginPerIp', address), this.delays.succeeded(account, address)]);
    await this.startSession(user.id, request, response);
    return { success: true };
  }

  /**
   * `POST /api/auth/forgot-password` `{email}` (spec §2, §7) → 200
   * `{message: AUTH_MESSAGES.forgotPasswordSent}`, the same answer whether or not the account
   * exists, after the same argon2 work in auth-service. 400 with the spec §5 text for an invalid
   * e-mail; 429 with `Retry-After` past `RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL` requests for one
   * e-mail (from any address) or `RATE_LIMIT_FORGOT_PASSWORD_PER_IP` from one address in an hour;
   * 503 when the limits' Redis or auth-service is unavailable.
   */
  @Route('forgotPassword')
  async forgotPassword(
    @Body(new ZodBodyPipe(forgotPasswordRequestSchema)) body: ForgotPasswordRequest,
    @Req() request: Request,
  ): Promise<ForgotPasswordResponse> {
    await this.limits.consumeAll([
      ['forgotPasswordPerIp', clientAddress(request)],
      ['forgotPasswordPerEmail', body.email],
    ]);
    return this.accounts.forgotPassword(body);
  }

  /** `GET /api/auth/user` → the signed-in user (spec §7), or 401 `{message: "Unauthorized"}`. */
  @Route('currentUser')
  async user(@CurrentUserId() userId: string): Promise<PublicUser> {
    return this.accounts.getUser(userId);
  }

  /** Ends the session and goes home (spec §2: browser navigation). */
  @Route('logout')
  async logout(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.sessions.destroy((request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE]);
    response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.secure });
    response.redirect(302, '/');
  }

  /** Sign-in entry (spec §2): the SPA opens the sign-in dialog on `/?signin=1`. */
  @Route('login')
  login(@Res() response: Response): void {
    response.redirect(302, '/?signin=1');
  }

  /** Replaces the request's session (if any) with a new one for `userId`, set in the cookie. */
  private async startSession(userId: string, request: Request, response: Response): Promise<void> {
    const previous = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (previous) await this.sessions.destroy(previous); // no session fixation
    const sessionId = await this.sessions.create(userId);
    response.cookie(SESSION_COOKIE, sessionId, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: '/',
      maxAge: this.sessions.ttlSeconds * 1000,
    });
  }
}

import { Body, Controller, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resendVerificationRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ForgotPasswordResponse,
  type PublicUser,
  type ResendVerificationResponse,
  type SignInRequest,
  type SignUpRequest,
  type VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@archlens/contracts/auth';
import { Route } from '../access/route.decorator.js';
import { clientAddress } from '../http/client-address.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { emailAtAddress, RateLimitsService } from '../security/rate-limits.service.js';
import { accountOfEmail, accountOfUsername, SignInDelays } from '../security/sign-in-delays.service.js';
import { vipLoginRequestSchema, type VipLoginRequest, type VipLoginResponse } from '@archlens/contracts/vip';
import { CurrentAccount, CurrentUserId } from '../sessions/session.guard.js';
import { SESSION_COOKIE, SessionService, type NewSession } from '../sessions/session.service.js';
import { ApiException } from '../http/api-error.js';
import { AccountsService } from './accounts.service.js';
import { loginRedirectTarget } from './login-next.js';

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
   * the user, with a new session cookie; auth-service e-mails the link that confirms the address
   * (`emailVerified` false until it is followed). 400 with the spec §5 text, or
   * `auth.password-too-common` for a commonly used password; 409 for a taken e-mail; 429 with
   * `Retry-After` past `RATE_LIMIT_SIGN_UP_PER_IP` attempts from one address in an hour (each valid
   * body counts, taken e-mails too); 503 when the limits' Redis is unreachable.
   */
  @Route('signUp')
  async signUp(
    @Body(new ZodBodyPipe(signUpRequestSchema)) body: SignUpRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublicUser> {
    await this.limits.consume('signUpPerIp', clientAddress(request));
    const { user, sessionVersion } = await this.accounts.signUp(body);
    await this.startSession(user.id, { version: sessionVersion }, request, response);
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
   * A sign-in with a temporary password ends every other session of the user and answers the user
   * with `passwordChangeRequired` true: the old password no longer signs in, and the SPA asks for a
   * new one.
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
    const { user, sessionVersion, usedTemporaryPassword } = await this.accounts.signIn(body).catch(async (error: unknown) => {
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
    await this.startSession(user.id, { version: sessionVersion }, request, response);
    return user;
  }

  /**
   * `POST /api/auth/change-password` `{currentPassword, newPassword}` → 200 and the user, with a new
   * session cookie: every other session of the user ends (and would fail the session version check
   * anyway), this browser stays signed in. `currentPassword` is the account's password, or the
   * temporary one it signed in with (`passwordChangeRequired`, which this clears). 400
   * `auth.current-password-incorrect`, `auth.password-too-common`, `auth.password-unchanged`, or the
   * spec §5 text for a new password under 6 characters; 401 signed out; 429 with `Retry-After` past
   * `RATE_LIMIT_CHANGE_PASSWORD_PER_USER` attempts in an hour (a success gives its point back).
   */
  @Route('changePassword')
  async changePassword(
    @CurrentUserId() userId: string,
    @Body(new ZodBodyPipe(changePasswordRequestSchema)) body: ChangePasswordRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublicUser> {
    await this.limits.consume('changePasswordPerUser', userId);
    const { user, sessionVersion } = await this.accounts.changePassword(userId, body);
    await this.limits.reward('changePasswordPerUser', userId);
    await this.sessions.destroyAllForUser(userId);
    await this.startSession(userId, { version: sessionVersion }, request, response);
    return user;
  }

  /**
   * `POST /api/auth/verify-email` `{token}` (the SPA's `/verify-email?token=…` page sends it; a GET
   * of the link itself changes nothing, so mail scanners that open links use up no token) → 200
   * `{emailVerified: true}`. Public: the link may be opened in a browser that is not signed in. 410
   * `auth.verification-link-invalid` for a token that is unknown, used or past its 24 hours; 429
   * past `RATE_LIMIT_VERIFY_EMAIL_PER_IP` tries from one address in an hour.
   */
  @Route('verifyEmail')
  async verifyEmail(
    @Body(new ZodBodyPipe(verifyEmailRequestSchema)) body: VerifyEmailRequest,
    @Req() request: Request,
  ): Promise<VerifyEmailResponse> {
    await this.limits.consume('verifyEmailPerIp', clientAddress(request));
    return this.accounts.verifyEmail(body.token);
  }

  /**
   * `POST /api/auth/resend-verification` `{}` → 200 `{message, emailVerified}`: a new link e-mailed
   * to the user's address (it replaces an unused older one), or, when the address is confirmed
   * already, nothing sent and `emailVerified` true. 401 signed out; 429 with `Retry-After` past
   * `RATE_LIMIT_VERIFICATION_EMAILS_PER_USER` links in an hour.
   */
  @Route('resendVerification')
  async resendVerification(
    @CurrentAccount() account: PublicUser,
    @Body(new ZodBodyPipe(resendVerificationRequestSchema)) _body: object,
  ): Promise<ResendVerificationResponse> {
    if (!account.emailVerified) await this.limits.consume('verificationEmailsPerUser', account.id);
    return this.accounts.resendVerification(account.id);
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
    const { user, sessionVersion } = await this.accounts.vipSignIn(body).catch(async (error: unknown) => {
      if (isWrongCredentials(error, 'vip.invalid-credentials')) await this.delays.failed(account);
      throw error;
    });
    await Promise.all([this.limits.reward('vipLoginPerIp', address), this.delays.succeeded(account, address)]);
    await this.startSession(
      user.id,
      { version: sessionVersion, vipCredential: this.accounts.vipCredential ?? undefined },
      request,
      response,
    );
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

  /**
   * `GET /api/auth/user` → the signed-in user (spec §7) with `emailVerified` and
   * `passwordChangeRequired`, or 401 `{message: "Unauthorized"}`.
   */
  @Route('currentUser')
  async user(@CurrentAccount() account: PublicUser): Promise<PublicUser> {
    return this.accounts.withSubscription(account);
  }

  /** Ends the session and goes home (spec §2: browser navigation). */
  @Route('logout')
  async logout(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.sessions.destroy((request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE]);
    response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.secure });
    response.redirect(302, '/');
  }

  /**
   * Sign-in entry (spec §2): 302 to the page asked for in `next` with `?signin=1`, where the SPA
   * opens the sign-in dialog (`/account?signin=1`), so that after sign-in the user is on that page.
   * `next` must be a same-origin path starting with a single "/" (`safeLoginNext`); without one,
   * or with anything else, the dialog opens on `/`.
   */
  @Route('login')
  login(@Query('next') next: unknown, @Res() response: Response): void {
    response.redirect(302, loginRedirectTarget(next));
  }

  /**
   * Replaces the request's session (if any) with a new one for `userId`, set in the cookie, which the
   * browser keeps for the session's absolute lifetime (the idle one is Redis's TTL).
   */
  private async startSession(userId: string, session: NewSession, request: Request, response: Response): Promise<void> {
    const previous = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (previous) await this.sessions.destroy(previous); // no session fixation
    const sessionId = await this.sessions.create(userId, session);
    response.cookie(SESSION_COOKIE, sessionId, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: '/',
      maxAge: this.sessions.absoluteTtlSeconds * 1000,
    });
  }
}

import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { signInRequestSchema, signUpRequestSchema, type PublicUser, type SignInRequest, type SignUpRequest } from '@archlens/contracts/auth';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { CurrentUserId, SessionGuard } from '../sessions/session.guard.js';
import { SESSION_COOKIE, SessionService } from '../sessions/session.service.js';
import { AccountsService } from './accounts.service.js';

/** Spec §7 auth routes and the browser navigations /api/login and /api/logout. */
@Controller('api')
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionService,
  ) {}

  /**
   * `POST /api/auth/signup` `{email, first_name, last_name, password}` (spec §5 rules) → 201 and
   * the user, with a new session cookie. 400 with the spec §5 text; 409 for a taken e-mail.
   */
  @Post('auth/signup')
  @HttpCode(201)
  async signUp(
    @Body(new ZodBodyPipe(signUpRequestSchema)) body: SignUpRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublicUser> {
    const user = await this.accounts.signUp(body);
    await this.startSession(user.id, request, response);
    return user;
  }

  /**
   * `POST /api/auth/signin` `{email, password}` → 200 and the user, with a new session cookie;
   * 401 "Invalid email or password" for a wrong password and an unknown e-mail alike.
   */
  @Post('auth/signin')
  @HttpCode(200)
  async signIn(
    @Body(new ZodBodyPipe(signInRequestSchema)) body: SignInRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublicUser> {
    const user = await this.accounts.signIn(body);
    await this.startSession(user.id, request, response);
    return user;
  }

  /** `GET /api/auth/user` → the signed-in user (spec §7), or 401 `{message: "Unauthorized"}`. */
  @Get('auth/user')
  @UseGuards(SessionGuard)
  async user(@CurrentUserId() userId: string): Promise<PublicUser> {
    return this.accounts.getUser(userId);
  }

  /** Ends the session and goes home (spec §2: browser navigation). */
  @Get('logout')
  async logout(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.sessions.destroy((request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE]);
    response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.secure });
    response.redirect(302, '/');
  }

  /** Sign-in entry (spec §2): the SPA opens the sign-in dialog on `/?signin=1`. */
  @Get('login')
  login(@Res() response: Response): void {
    response.redirect(302, '/?signin=1');
  }

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

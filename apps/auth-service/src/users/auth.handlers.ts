import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers } from '@archlens/platform/worker-host';
import { EmailVerificationService } from '../email-verification/email-verification.service.js';
import { StyleProfilesService } from '../style-profiles/style-profiles.service.js';
import { TemporaryPasswordsService } from '../temporary-passwords/temporary-passwords.service.js';
import { UsersService } from './users.service.js';

/** The `auth` queue: sign-up, sign-in, change password, forgot password and account deletion (argon2 work). */
@Injectable()
export class AuthHandlers implements QueueHandlers<typeof QUEUES.auth> {
  readonly queue = QUEUES.auth;
  constructor(
    private readonly users: UsersService,
    private readonly temporaryPasswords: TemporaryPasswordsService,
  ) {}

  /**
   * `auth.sign-up`, `auth.sign-in`, `auth.change-password` and `auth.ensure-vip-user` →
   * `UsersService`, `auth.verify-password` and `auth.delete-user` (account deletion) →
   * `UsersService`, `auth.issue-temporary-password` → `TemporaryPasswordsService.issue`. Refusals
   * of the older commands (EMAIL_TAKEN, INVALID_CREDENTIALS) are answers of `authResultSchema` /
   * `signInResultSchema`; a commonly used password and the refusals of change password are
   * `DomainError`s.
   */
  handlers(): JobHandlers<typeof QUEUES.auth> {
    return {
      'auth.sign-up': (data) => this.users.signUp(data),
      'auth.sign-in': (data) => this.users.signIn(data),
      'auth.change-password': (data) => this.users.changePassword(data),
      'auth.issue-temporary-password': (data) => this.temporaryPasswords.issue(data),
      'auth.ensure-vip-user': (data) => this.users.ensureVipUser(data),
      'auth.verify-password': (data) => this.users.verifyPassword(data),
      'auth.delete-user': ({ userId }) => this.users.deleteUser(userId),
    };
  }
}

/**
 * The `auth-lookup` queue: the session look-up and the style profile's one-row reads and writes,
 * apart from argon2 work, so sign-in floods cannot starve them.
 */
@Injectable()
export class AuthLookupHandlers implements QueueHandlers<typeof QUEUES.authLookup> {
  readonly queue = QUEUES.authLookup;
  constructor(
    private readonly users: UsersService,
    private readonly styleProfiles: StyleProfilesService,
    private readonly verification: EmailVerificationService,
  ) {}

  /**
   * `auth.get-user` → `UsersService.getUser` (NOT_FOUND for an account that no longer exists),
   * `auth.get-style-profile` and `auth.save-style-profile` → `StyleProfilesService`,
   * `auth.send-verification-email` and `auth.verify-email` → `EmailVerificationService`.
   */
  handlers(): JobHandlers<typeof QUEUES.authLookup> {
    return {
      'auth.get-user': (data) => this.users.getUser(data.userId),
      'auth.send-verification-email': (data) => this.verification.send(data.userId),
      'auth.verify-email': (data) => this.verification.verify(data.token),
      'auth.get-style-profile': (data) => this.styleProfiles.get(data.userId),
      'auth.save-style-profile': (data) => this.styleProfiles.save(data),
    };
  }
}

import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers } from '@archlens/platform/worker-host';
import { UsersService } from './users.service.js';

/** The `auth` queue: sign-up and sign-in (argon2 work). */
@Injectable()
export class AuthHandlers implements QueueHandlers<typeof QUEUES.auth> {
  readonly queue = QUEUES.auth;
  constructor(private readonly users: UsersService) {}

  handlers(): JobHandlers<typeof QUEUES.auth> {
    return {
      'auth.sign-up': (data) => this.users.signUp(data),
      'auth.sign-in': (data) => this.users.signIn(data),
    };
  }
}

/** The `auth-lookup` queue: the session look-up alone, so sign-in floods cannot starve it (issue 11). */
@Injectable()
export class AuthLookupHandlers implements QueueHandlers<typeof QUEUES.authLookup> {
  readonly queue = QUEUES.authLookup;
  constructor(private readonly users: UsersService) {}

  handlers(): JobHandlers<typeof QUEUES.authLookup> {
    return { 'auth.get-user': (data) => this.users.getUser(data.userId) };
  }
}

import { Controller, ServiceUnavailableException } from '@nestjs/common';
import { QUEUES, type QueueName } from '@archlens/contracts/queues';
import { CommandClient, NoWorkerError } from '@archlens/platform/messaging';
import { Route } from '../access/route.decorator.js';
import { SessionService } from '../sessions/session.service.js';

/**
 * `GET /api/health`: 200 when Redis answers and every queue has a worker, else 503 with what is
 * missing. Start scripts and end-to-end tests wait on it.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly sessions: SessionService,
    private readonly commands: CommandClient,
  ) {}

  /**
   * `GET /api/health` → 200 `{status: 'ok', queues}`, every queue name of `QUEUES`.
   * @throws ServiceUnavailableException 503 'Redis is not answering.' when the sessions' Redis does
   *   not answer PING, or with `NoWorkerError`'s text for the first queue with no worker on this
   *   Redis database; ServiceUnavailableError (503) when Redis fails during that check
   */
  @Route('health')
  async health(): Promise<{ status: 'ok'; queues: QueueName[] }> {
    if (!(await this.sessions.ping().catch(() => false))) throw new ServiceUnavailableException('Redis is not answering.');
    const queues = Object.values(QUEUES);
    for (const queue of queues) {
      try {
        await this.commands.assertWorkerAvailable(queue);
      } catch (error) {
        if (error instanceof NoWorkerError) throw new ServiceUnavailableException(error.message);
        throw error;
      }
    }
    return { status: 'ok', queues };
  }
}

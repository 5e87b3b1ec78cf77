import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers } from '@archlens/platform/worker-host';
import { LeadsExportService } from '../export/leads-export.service.js';
import { LeadsService } from './leads.service.js';

/** The `leads` queue: the admin console's list, statistics and CSV export. */
@Injectable()
export class LeadsHandlers implements QueueHandlers<typeof QUEUES.leads> {
  readonly queue = QUEUES.leads;
  constructor(
    private readonly leads: LeadsService,
    private readonly exports: LeadsExportService,
  ) {}

  /** `leads.list`, `leads.stats`, `leads.anonymise-user` (account deletion) → `LeadsService`; `leads.export` → `LeadsExportService` (CSV). */
  handlers(): JobHandlers<typeof QUEUES.leads> {
    return {
      'leads.list': (query) => this.leads.list(query),
      'leads.stats': () => this.leads.stats(),
      'leads.export': (filters) => this.exports.export(filters),
      'leads.anonymise-user': ({ userId }) => this.leads.anonymiseUser(userId),
    };
  }
}

import { Module } from '@nestjs/common';
import { OutgoingEmailLimits } from '../security/outgoing-email-limits.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';

/** Analysis reports in the gateway: the PDF download and the e-mailed report. */
@Module({ controllers: [ReportsController], providers: [ReportsService, OutgoingEmailLimits] })
export class ReportsModule {}

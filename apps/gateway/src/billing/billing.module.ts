import { Module } from '@nestjs/common';
import { BillingController } from './billing.controller.js';
import { BillingService } from './billing.service.js';

/** Billing in the gateway: checkout, portal and the Stripe webhook receiver. */
@Module({ controllers: [BillingController], providers: [BillingService] })
export class BillingModule {}

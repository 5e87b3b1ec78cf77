import { Module } from '@nestjs/common';
import { OutgoingEmailLimits } from '../security/outgoing-email-limits.service.js';
import { ClipboardController } from './clipboard.controller.js';
import { ClipboardService } from './clipboard.service.js';

/** The Working Clipboard in the gateway: e-mailing its text; the text itself stays in the browser. */
@Module({ controllers: [ClipboardController], providers: [ClipboardService, OutgoingEmailLimits] })
export class ClipboardModule {}

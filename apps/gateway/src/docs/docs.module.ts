import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller.js';
import { DocsService } from './docs.service.js';

/** The API document and its browsable page at `/api/docs`. */
@Module({ controllers: [DocsController], providers: [DocsService] })
export class DocsModule {}

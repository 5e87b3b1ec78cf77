import { Module } from '@nestjs/common';
import { LibraryItemsController } from './library-items.controller.js';
import { LibraryItemsService } from './library-items.service.js';

/** The architect's library in the gateway: items read and removed by id. */
@Module({
  controllers: [LibraryItemsController],
  providers: [LibraryItemsService],
})
export class LibraryModule {}

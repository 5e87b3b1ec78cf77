import { Module } from '@nestjs/common';
import { LibraryItemsController } from './library-items.controller.js';
import { LibraryItemsService } from './library-items.service.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';
import { SharesController } from './shares.controller.js';
import { SharesService } from './shares.service.js';

/** The architect's library in the gateway: items read and removed by id, projects, filing, the listing and share links. */
@Module({
  controllers: [LibraryItemsController, ProjectsController, SharesController],
  providers: [LibraryItemsService, ProjectsService, SharesService],
})
export class LibraryModule {}

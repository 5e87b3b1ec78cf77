import { Module } from '@nestjs/common';
import { LibraryItemsController } from './library-items.controller.js';
import { LibraryItemsService } from './library-items.service.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';

/** The architect's library in the gateway: items read and removed by id, projects, filing and the listing. */
@Module({
  controllers: [LibraryItemsController, ProjectsController],
  providers: [LibraryItemsService, ProjectsService],
})
export class LibraryModule {}

import { Controller, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Route } from '../access/route.decorator.js';
import { DocsService } from './docs.service.js';
import { DOCS_ASSETS, DOCS_PAGE_HTML, type DocsAssetName } from './swagger-ui-page.js';

/**
 * The API document, public: `GET /api/docs` (the Swagger UI page),
 * `GET /api/docs/openapi.json` (the OpenAPI 3.1 document) and `GET /api/docs/assets/{file}` (the
 * page's script, style sheet and icon).
 */
@Controller()
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  /** `GET /api/docs` → 200 `text/html`, the browsable page (scripts from this origin only). */
  @Route('apiDocs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  page(): string {
    return DOCS_PAGE_HTML;
  }

  /** `GET /api/docs/openapi.json` → 200 the OpenAPI 3.1 document of every `API_ROUTES` route, built at start. */
  @Route('apiDocsJson')
  @Header('Cache-Control', 'no-cache')
  document(): object {
    return this.docs.document;
  }

  /**
   * `GET /api/docs/assets/{file}` → 200 one of `DOCS_ASSETS` with its content type, cached for a
   * day; 404 for any other name (nothing else on disk is reachable).
   */
  @Route('apiDocsAsset')
  @Header('Cache-Control', 'public, max-age=86400')
  asset(@Param('file') name: string, @Res() response: Response): void {
    if (!Object.hasOwn(DOCS_ASSETS, name)) throw new NotFoundException('No such file.');
    const asset = DOCS_ASSETS[name as DocsAssetName];
    response.type(asset.contentType);
    if ('text' in asset) response.send(asset.text);
    else response.sendFile(asset.file);
  }
}

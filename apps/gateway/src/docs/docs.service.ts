import { Injectable } from '@nestjs/common';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.js';

/** Holds the API document (issue 17 point 5), built once when the gateway starts (a contract it cannot describe fails the start). */
@Injectable()
export class DocsService {
  readonly document: OpenApiDocument = buildOpenApiDocument();
}

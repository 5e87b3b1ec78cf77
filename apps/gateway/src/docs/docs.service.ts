import { Injectable } from '@nestjs/common';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.js';

/** Holds the API document, built once when the gateway starts (a contract it cannot describe fails the start). */
@Injectable()
export class DocsService {
  readonly document: OpenApiDocument = buildOpenApiDocument();
}

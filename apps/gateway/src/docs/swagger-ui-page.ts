import { createRequire } from 'node:module';
import path from 'node:path';
import { API_PATHS } from '@archlens/contracts/paths';

/**
 * The browsable API page: Swagger UI from the `swagger-ui-dist` package, served by
 * the gateway itself (no CDN), under the gateway's Content-Security-Policy: external same-origin
 * scripts only, so the start-up code is a file of its own (`swagger-initializer.js`), not an inline
 * script.
 */

/** `/api/docs/assets/<file>` for one of the page's files. */
export function docsAssetPath(file: DocsAssetName): string {
  return API_PATHS.apiDocsAsset.replace(':file', file);
}

/**
 * Starts Swagger UI on the generated document: no validator badge (it would call
 * validator.swagger.io), the base layout (no top bar to load another document's URL).
 */
const INITIALIZER = `'use strict';
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(API_PATHS.apiDocsJson)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    layout: 'BaseLayout',
  });
});
`;

/** Where the package's files are on disk (resolved once, at start). */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** One file of the page: its content type and either a file of `swagger-ui-dist` or text of our own. */
export type DocsAsset = { contentType: string } & ({ file: string } | { text: string });

/** Every file `GET /api/docs/assets/:file` serves; anything else is a 404. */
export const DOCS_ASSETS = {
  'swagger-ui.css': { contentType: 'text/css; charset=utf-8', file: path.join(SWAGGER_UI_DIR, 'swagger-ui.css') },
  'swagger-ui-bundle.js': { contentType: 'text/javascript; charset=utf-8', file: path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js') },
  'favicon-32x32.png': { contentType: 'image/png', file: path.join(SWAGGER_UI_DIR, 'favicon-32x32.png') },
  'swagger-initializer.js': { contentType: 'text/javascript; charset=utf-8', text: INITIALIZER },
} as const satisfies Record<string, DocsAsset>;
export type DocsAssetName = keyof typeof DOCS_ASSETS;

/** The HTML of `GET /api/docs`: Swagger UI's style sheet and scripts, all from this origin. */
export const DOCS_PAGE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>ArchLens API</title>
    <link rel="stylesheet" href="${docsAssetPath('swagger-ui.css')}" />
    <link rel="icon" type="image/png" href="${docsAssetPath('favicon-32x32.png')}" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${docsAssetPath('swagger-ui-bundle.js')}"></script>
    <script src="${docsAssetPath('swagger-initializer.js')}"></script>
  </body>
</html>
`;

/**
 * An Express route path as OpenAPI writes it: every `:param` segment becomes
 * `{param}`, and the parameters are listed in order.
 * @param expressPath an `API_ROUTES` path such as `/api/download/:jobId/:index`
 * @returns `{ path: '/api/download/{jobId}/{index}', params: ['jobId', 'index'] }`
 * @throws Error for a segment Express 5 would read differently from a plain parameter (`:id?`,
 *   `*splat`, `{optional}`, `:a-:b`): the contract has none, and the document must not guess
 */
export function toOpenApiPath(expressPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const segments = expressPath.split('/').map((segment) => {
    if (/[*{}?()]/.test(segment) || segment.indexOf(':') > 0 || segment.lastIndexOf(':') > 0) {
      throw new Error(`Route path segment "${segment}" of ${expressPath} is not a literal or one ":param"`);
    }
    if (!segment.startsWith(':')) return segment;
    const name = segment.slice(1);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Bad parameter name "${name}" in ${expressPath}`);
    if (params.includes(name)) throw new Error(`Parameter "${name}" appears twice in ${expressPath}`);
    params.push(name);
    return `{${name}}`;
  });
  return { path: segments.join('/'), params };
}

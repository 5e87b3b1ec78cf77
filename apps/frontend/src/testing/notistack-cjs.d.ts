/** notistack's CommonJS development build, which `notistack-esm.ts` imports by path: notistack's own API. */
declare module 'notistack/notistack.cjs.development.js' {
  const notistack: typeof import('notistack');
  export default notistack;
}

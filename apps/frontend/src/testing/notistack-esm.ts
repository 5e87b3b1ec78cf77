/*
 * notistack as the SPA's component tests load it (jest.config.mjs maps `notistack` here). Its
 * CommonJS build sets `enqueueSnackbar` and `closeSnackbar` only once a SnackbarProvider mounts,
 * and Jest's ESM loader copies a CommonJS module's exports when it is imported, so those two would
 * be missing; here they are read at each call, as the live bindings of notistack's ES build are
 * in the browser.
 */
import type * as Notistack from 'notistack';
// By path, since `notistack` itself resolves to this file: the CommonJS build's `exports` object.
import notistack from 'notistack/notistack.cjs.development.js';

/** notistack's `enqueueSnackbar`, read when called. */
export const enqueueSnackbar = ((...args: Parameters<typeof Notistack.enqueueSnackbar>) =>
  notistack.enqueueSnackbar(...args)) as typeof Notistack.enqueueSnackbar;

/** notistack's `closeSnackbar`, read when called. */
export const closeSnackbar: typeof Notistack.closeSnackbar = (key) => notistack.closeSnackbar(key);

export const { SnackbarProvider, SnackbarContent, MaterialDesignContent, Transition, useSnackbar } = notistack;

// Runs before the SPA's modules: zod reads this global config when it loads. Jitless parsing needs
// no `Function('')` probe, which a CSP without 'unsafe-eval' reports as a violation.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

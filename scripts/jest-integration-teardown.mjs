export default async function teardown() {
  for (const stop of globalThis.__archlensStops ?? []) await stop().catch(() => undefined);
}

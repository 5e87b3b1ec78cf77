/**
 * Types for two untyped dependencies of the offline engine (neither package ships declarations).
 * Only the parts the engine calls are declared.
 */

declare module 'nearest-color' {
  interface Rgb {
    r: number;
    g: number;
    b: number;
  }
  interface ColorMatch {
    name: string;
    value: string;
    rgb: Rgb;
    distance: number;
  }
  /** A matcher built by `nearestColor.from({ name: '#hex' })`; returns null for an unparseable needle. */
  type Matcher = (needle: Rgb | string) => ColorMatch | null;
  const nearestColor: {
    from(colours: Record<string, string>): Matcher;
  };
  export default nearestColor;
}

declare module 'color-name-list/bestof' {
  /** The curated "best of" list of color-name-list: display name and `#rrggbb`. */
  export const colornames: ReadonlyArray<{ name: string; hex: string }>;
}

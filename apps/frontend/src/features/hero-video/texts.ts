/** Texts and sources of the hero video (spec §1, §2, §4 "Video sound: muted by default, toggles"). */
export const HERO_VIDEO_TEXTS = {
  label: 'A slow tour of building photographs and architectural sketches',
  soundOn: 'Turn sound on',
  soundOff: 'Turn sound off',
  pause: 'Pause video',
  play: 'Play video',
} as const;

/** Rendered once from the project fixtures, see `public/media/README.md`. */
export const HERO_VIDEO_SOURCES = {
  video: '/media/hero-loop.mp4',
  poster: '/media/hero-poster.jpg',
  width: 854,
  height: 480,
} as const;

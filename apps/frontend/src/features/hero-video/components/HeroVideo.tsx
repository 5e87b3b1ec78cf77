import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { HERO_VIDEO_SOURCES, HERO_VIDEO_TEXTS } from '../texts';

/**
 * Calls `start` once the page has loaded and the main thread is idle, so that the poster is the
 * first paint and the video's bytes never compete with the page's own.
 */
function whenPageIsIdle(start: () => void): () => void {
  let idleHandle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    // Not in every browser (Safari): a short timer stands in for it.
    if (typeof (window as Partial<Window>).requestIdleCallback === 'function')
      idleHandle = window.requestIdleCallback(start, { timeout: 1500 });
    else timer = window.setTimeout(start, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

const controlSx = {
  color: 'common.white',
  bgcolor: alpha('#000', 0.45),
  backdropFilter: 'blur(4px)',
  '&:hover': { bgcolor: alpha('#000', 0.6) },
} as const;

/**
 * The hero video: muted, looping, inline, starting by itself once the page is
 * interactive; a sound toggle (muted by default, spec §4) and a pause button (moving content
 * longer than 5 seconds needs one, WCAG 2.2.2). The file has no audio track; the toggle still
 * mutes and unmutes the element.
 */
export function HeroVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [paused, setPaused] = useState(true);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = true;
    return whenPageIsIdle(() => {
      video.preload = 'auto';
      // Autoplay of a muted video is allowed; a refusal leaves the poster, which is fine.
      video.play().catch(() => undefined);
    });
  }, []);

  const toggleSound = () => {
    const video = videoRef.current;
    if (video) video.muted = !video.muted;
  };
  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) video.play().catch(() => undefined);
    else video.pause();
  };

  return (
    <Box
      sx={{
        position: 'relative',
        borderRadius: 1.6,
        overflow: 'hidden',
        bgcolor: 'grey.900',
        aspectRatio: `${HERO_VIDEO_SOURCES.width} / ${HERO_VIDEO_SOURCES.height}`,
        boxShadow: '0 24px 48px -24px rgba(31, 35, 38, 0.45)',
      }}
    >
      <Box
        component="video"
        ref={videoRef}
        src={HERO_VIDEO_SOURCES.video}
        poster={HERO_VIDEO_SOURCES.poster}
        width={HERO_VIDEO_SOURCES.width}
        height={HERO_VIDEO_SOURCES.height}
        muted
        loop
        playsInline
        preload="none"
        disablePictureInPicture
        aria-label={HERO_VIDEO_TEXTS.label}
        data-testid="hero-video"
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
        sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      />
      <Box sx={{ position: 'absolute', right: 12, bottom: 12, display: 'flex', gap: 1 }}>
        <IconButton size="small" onClick={togglePlay} aria-label={paused ? HERO_VIDEO_TEXTS.play : HERO_VIDEO_TEXTS.pause} sx={controlSx}>
          {paused ? <PlayArrow fontSize="small" /> : <Pause fontSize="small" />}
        </IconButton>
        <IconButton
          size="small"
          onClick={toggleSound}
          aria-label={muted ? HERO_VIDEO_TEXTS.soundOn : HERO_VIDEO_TEXTS.soundOff}
          data-testid="hero-video-sound"
          sx={controlSx}
        >
          {muted ? <VolumeOff fontSize="small" /> : <VolumeUp fontSize="small" />}
        </IconButton>
      </Box>
    </Box>
  );
}

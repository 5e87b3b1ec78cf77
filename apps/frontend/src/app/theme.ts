import { alpha, createTheme } from '@mui/material/styles';

/**
 * The one ArchLens theme: warm off-white paper, graphite text, a single deep-teal accent.
 * Calm enough to sit behind architectural photographs without competing with them.
 */
const accent = '#2f5d5a';
const ink = '#1f2326';
const muted = '#5f666b';
const line = '#e2dfd8';
const canvas = '#f6f5f2';

const headingFont = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif';
const bodyFont = '"Inter", "Segoe UI", "Helvetica Neue", Helvetica, Arial, system-ui, -apple-system, sans-serif';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: accent, dark: '#224542', light: '#4f7d79', contrastText: '#ffffff' },
    secondary: { main: '#4a4f54', contrastText: '#ffffff' },
    background: { default: canvas, paper: '#ffffff' },
    text: { primary: ink, secondary: muted },
    divider: line,
    success: { main: '#2e7d4f' },
    warning: { main: '#b26a00' },
    error: { main: '#b3261e' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: bodyFont,
    fontSize: 15,
    h1: { fontFamily: headingFont, fontWeight: 500, fontSize: '2.6rem', lineHeight: 1.15, letterSpacing: '-0.01em' },
    h2: { fontFamily: headingFont, fontWeight: 500, fontSize: '1.6rem', lineHeight: 1.25 },
    h3: { fontFamily: headingFont, fontWeight: 500, fontSize: '1.3rem', lineHeight: 1.3 },
    h4: { fontFamily: headingFont, fontWeight: 500, fontSize: '1.15rem', lineHeight: 1.35 },
    h5: { fontWeight: 600, fontSize: '1.05rem' },
    h6: { fontWeight: 600, fontSize: '0.95rem', letterSpacing: '0.01em' },
    subtitle1: { color: muted, lineHeight: 1.6 },
    body1: { lineHeight: 1.7 },
    body2: { lineHeight: 1.6 },
    overline: { fontWeight: 600, letterSpacing: '0.14em', color: accent },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.01em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        '::selection': { backgroundColor: alpha(accent, 0.18) },
      },
    },
    // Keyboard focus shows as a clear ring on every button, link-button, tab and icon button
    // (MUI marks keyboard focus with .Mui-focusVisible; a mouse click adds neither it nor
    // :focus-visible, so clicks stay clean). Items inside a list or menu, and tabs, whose
    // containers clip what lies outside them, draw the ring just inside their edge.
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible, &:focus-visible': { outline: `2px solid ${accent}`, outlineOffset: 2 },
        },
      },
    },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    MuiTab: {
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 44, '&.Mui-focusVisible': { outlineOffset: -2 } } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8, paddingInline: 18 },
        sizeLarge: { paddingBlock: 10, paddingInline: 24, fontSize: '1rem' },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: { backgroundColor: alpha('#ffffff', 0.92), backdropFilter: 'blur(8px)', borderBottom: `1px solid ${line}` },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: line, borderRadius: 14 } },
    },
    MuiPaper: { styleOverrides: { outlined: { borderColor: line } } },
    MuiChip: {
      styleOverrides: {
        root: { borderRadius: 6, fontWeight: 500 },
        outlined: { borderColor: line, backgroundColor: canvas },
      },
    },
    MuiTabs: { styleOverrides: { root: { minHeight: 44 } } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
    // One title style for every dialog (sign-in, Working Clipboard, the e-mail dialogs, WhatsApp):
    // the heading serif, as the page and card headings.
    MuiDialogTitle: {
      styleOverrides: {
        root: { fontFamily: headingFont, fontWeight: 500, fontSize: '1.45rem', lineHeight: 1.3, paddingTop: 22, paddingBottom: 10 },
      },
    },
    MuiLinearProgress: { styleOverrides: { root: { height: 8, borderRadius: 4, backgroundColor: alpha(accent, 0.12) } } },
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});

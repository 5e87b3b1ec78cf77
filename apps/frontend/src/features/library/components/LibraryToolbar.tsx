import { LIBRARY_ITEM_TYPES, LIBRARY_QUERY_MAX_CHARS, type LibraryItemType } from '@archlens/contracts/library';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryFilters, LibrarySort } from '../library-filters';
import { LIBRARY_TEXTS } from '../texts';

/** How long typing must pause before the search runs, in ms. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface LibraryToolbarProps {
  filters: LibraryFilters;
  onChange: (change: Partial<LibraryFilters>, options?: { replace?: boolean }) => void;
}

/**
 * The type filter (All, Analyses, Sketch readings, Renders), the search box and the order. The
 * search runs {@link SEARCH_DEBOUNCE_MS} after typing pauses (or at once on Enter), rewriting the
 * address's `q` in place rather than adding a history entry per word.
 */
export function LibraryToolbar({ filters, onChange }: LibraryToolbarProps) {
  const [text, setText] = useState(filters.q);
  const sent = useRef(filters.q);

  // The address changed under the box (Back, a link, Clear): show what it now searches.
  useEffect(() => {
    if (filters.q !== sent.current) {
      sent.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);

  const send = useCallback(
    (value: string) => {
      const q = value.trim();
      if (q === sent.current) return;
      sent.current = q;
      onChange({ q }, { replace: true });
    },
    [onChange],
  );

  // The pause counts from the last keystroke only: a re-render (new results, a new `onChange`) must
  // not restart it, or the search could land after the user has already opened an item.
  const latestSend = useRef(send);
  latestSend.current = send;
  useEffect(() => {
    const timer = window.setTimeout(() => latestSend.current(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} useFlexGap sx={{ gap: 1.5, alignItems: { lg: 'center' } }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={LIBRARY_TEXTS.typeFilterLabel}
        value={filters.type ?? 'all'}
        onChange={(_event, value: LibraryItemType | 'all' | null) => {
          if (value !== null) onChange({ type: value === 'all' ? null : value });
        }}
        // The theme's text colour rather than MUI's paler default: it must read against the canvas (4.5:1).
        sx={{
          flexWrap: 'wrap',
          '& .MuiToggleButton-root': { px: 1.5, whiteSpace: 'nowrap' },
          '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' },
        }}
      >
        <ToggleButton value="all">{LIBRARY_TEXTS.allTypes}</ToggleButton>
        {LIBRARY_ITEM_TYPES.map((type) => (
          <ToggleButton key={type} value={type}>
            {LIBRARY_TEXTS.typeFilter[type]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexGrow: 1, minWidth: 0 }}>
        <TextField
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') send(text);
          }}
          placeholder={LIBRARY_TEXTS.searchPlaceholder}
          sx={{ flexGrow: 1, minWidth: 0 }}
          slotProps={{
            htmlInput: {
              'aria-label': LIBRARY_TEXTS.searchLabel,
              inputMode: 'search',
              enterKeyHint: 'search',
              maxLength: LIBRARY_QUERY_MAX_CHARS,
              'data-testid': 'library-search',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={LIBRARY_TEXTS.clearSearch}
                    onClick={() => {
                      setText('');
                      send('');
                    }}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <TextField
          select
          size="small"
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value as LibrarySort })}
          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': LIBRARY_TEXTS.sortLabel, 'data-testid': 'library-sort' } }}
          sx={{ flexShrink: 0, width: { xs: 140, sm: 160 } }}
        >
          <option value="newest">{LIBRARY_TEXTS.sort.newest}</option>
          <option value="oldest">{LIBRARY_TEXTS.sort.oldest}</option>
        </TextField>
      </Stack>
    </Stack>
  );
}

import { countCharacters } from '@archlens/contracts/plain-text';
import { MAX_STYLE_DESCRIPTION_CHARS, STYLE_DESCRIPTION_INPUT_MAX_LENGTH } from '@archlens/contracts/style-profile';
import { countWords } from '@archlens/contracts/words';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { limitStyleDescriptionEdit } from '../../account/style-description';
import type { StyleDraft } from '../hooks/use-style-draft';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.style;

/**
 * Spec §2 /create style description: a text area prefilled from the saved style profile, read-only
 * until Edit (editable at once when nothing is saved), holding at most 500 characters (spec §5, §9;
 * counted as the server and /account count them: `countCharacters`, so an emoji is one character):
 * each edit goes through `limitStyleDescriptionEdit`, so typing stops at 500 and a longer paste is
 * cut there (the attribute `STYLE_DESCRIPTION_INPUT_MAX_LENGTH` counts UTF-16 units and only bounds
 * what the browser takes), with character and word counts and 'Save as default' (spec §5 editor
 * checks, spec §8 'Save Failed'; see `useStyleDraft`).
 */
export function StyleDescriptionCard({ style, locked }: { style: StyleDraft; locked: boolean }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const characters = countCharacters(style.text);
  const note = style.edited ? T.edited : style.fromProfile ? T.fromProfile : style.loading ? ' ' : T.noProfile;

  const edit = () => {
    style.startEditing();
    // Focus once the field is writable (next frame, after the re-render).
    window.requestAnimationFrame(() => field.current?.focus());
  };

  return (
    <Card component="section" aria-labelledby="style-heading" data-testid="style-card">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="style-heading" variant="h2">
            {T.heading}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="outlined"
              color="secondary"
              startIcon={<EditOutlined fontSize="small" />}
              onClick={edit}
              disabled={style.editable || style.loading || locked}
            >
              {T.edit}
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<SaveOutlined fontSize="small" />}
              onClick={style.saveAsDefault}
              loading={style.saving}
              disabled={style.loading || locked || !style.edited}
            >
              {T.saveAsDefault}
            </Button>
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, minHeight: '1.6em' }}>
          {note}
        </Typography>
        <TextField
          label={T.label}
          placeholder={T.placeholder}
          value={style.text}
          onChange={(event) => style.setText(limitStyleDescriptionEdit(style.text, event.target.value))}
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          disabled={style.loading || locked}
          inputRef={field}
          slotProps={{
            htmlInput: { maxLength: STYLE_DESCRIPTION_INPUT_MAX_LENGTH, readOnly: !style.editable, 'data-testid': 'generation-style' },
          }}
          sx={style.editable ? undefined : { '& .MuiInputBase-root': { bgcolor: 'background.default' } }}
        />
        <Typography
          variant="body2"
          color={characters > MAX_STYLE_DESCRIPTION_CHARS ? 'error' : 'text.secondary'}
          aria-live="polite"
          sx={{ mt: 1 }}
          data-testid="generation-style-counts"
        >
          {T.counts(characters, MAX_STYLE_DESCRIPTION_CHARS, countWords(style.text))}
        </Typography>
      </CardContent>
    </Card>
  );
}

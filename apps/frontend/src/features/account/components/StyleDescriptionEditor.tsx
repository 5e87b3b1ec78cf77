import { STYLE_DESCRIPTION_INPUT_MAX_LENGTH } from '@archlens/contracts/style-profile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useSaveStyleProfile, useStyleProfile } from '../hooks/use-style-profile';
import { limitStyleDescriptionEdit, styleDescriptionCounts } from '../style-description';
import { ACCOUNT_TEXTS } from '../texts';

/**
 * Spec §2, §5 style description editor: a text area of at most 500 characters with character and
 * word counts, and Save (spec §7 `POST /api/style-profile`). Blank gives 'Description Required',
 * over 500 characters 'Description Too Long' (spec §5), a failed save 'Save Failed' (spec §8).
 * Characters are counted as the server counts them (`styleDescriptionCounts`: an emoji is one), and
 * each edit is held to 500 of them (`limitStyleDescriptionEdit`: typing stops, a paste is cut); the
 * text area's `maxLength`, which browsers count in UTF-16 units, is `STYLE_DESCRIPTION_INPUT_MAX_LENGTH`
 * so that it never cuts a description within the limit.
 */
export function StyleDescriptionEditor() {
  const profile = useStyleProfile();
  const save = useSaveStyleProfile();
  // null until the user edits: the saved description shows meanwhile.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? profile.data?.description ?? '';
  const counts = styleDescriptionCounts(text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.saveChecked(text, () => setDraft(null));
  };

  return (
    <Card component="section" aria-labelledby="style-title">
      <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="style-title" variant="h3" component="h2">
          {ACCOUNT_TEXTS.styleTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, mb: 2 }}>
          {ACCOUNT_TEXTS.styleIntro}
        </Typography>
        <TextField
          label={ACCOUNT_TEXTS.styleLabel}
          placeholder={ACCOUNT_TEXTS.stylePlaceholder}
          value={text}
          onChange={(event) => setDraft(limitStyleDescriptionEdit(text, event.target.value))}
          multiline
          minRows={5}
          fullWidth
          disabled={profile.isPending}
          helperText={profile.isError ? ACCOUNT_TEXTS.loadFailed : undefined}
          error={profile.isError}
          slotProps={{ htmlInput: { maxLength: STYLE_DESCRIPTION_INPUT_MAX_LENGTH, 'data-testid': 'style-description' } }}
        />
        <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color={counts.overLimit ? 'error' : 'text.secondary'} aria-live="polite" data-testid="style-counts">
            {ACCOUNT_TEXTS.characters(counts.characters)} · {ACCOUNT_TEXTS.words(counts.words)}
          </Typography>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={profile.isPending}>
            {save.isPending ? ACCOUNT_TEXTS.saving : ACCOUNT_TEXTS.save}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

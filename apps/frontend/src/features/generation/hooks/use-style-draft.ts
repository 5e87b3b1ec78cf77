import { useState } from 'react';
import { useSaveStyleProfile, useStyleProfile } from '../../account/hooks/use-style-profile';

/**
 * The style description of /create: prefilled from the saved style profile
 * (`GET /api/style-profile`), read-only until Edit (or from the start when nothing is saved), and
 * 'Save as default' through the account's save hook (`POST /api/style-profile`, its 'Style Saved'
 * and spec §8 'Save Failed' toasts) after the spec §5 editor checks ('Description Required',
 * 'Description Too Long').
 * @param initialDraft a description to start from instead of the saved one (a style brief from
 *   "Use as style"), editable at once
 */
export function useStyleDraft(initialDraft?: string) {
  const profile = useStyleProfile();
  const save = useSaveStyleProfile();
  // null until the user edits: the saved description shows meanwhile.
  const [draft, setDraft] = useState<string | null>(initialDraft ?? null);
  const [editing, setEditing] = useState(initialDraft !== undefined);
  const saved = profile.data?.description ?? '';
  const text = draft ?? saved;
  const nothingSaved = profile.isError || (profile.isSuccess && saved.trim() === '');

  const saveAsDefault = () => {
    save.saveChecked(text, () => setDraft(null));
  };

  return {
    text,
    setText: setDraft,
    loading: profile.isPending,
    /** True when the saved description was loaded and is not empty. */
    fromProfile: !nothingSaved && !profile.isPending,
    edited: draft !== null && draft !== saved,
    editable: editing || nothingSaved,
    startEditing: () => setEditing(true),
    saveAsDefault,
    saving: save.isPending,
  };
}

export type StyleDraft = ReturnType<typeof useStyleDraft>;

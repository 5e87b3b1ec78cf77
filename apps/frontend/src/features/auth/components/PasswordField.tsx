import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { visuallyHidden } from '../../../shared/visually-hidden';
import { useState } from 'react';
import { AUTH_TEXTS } from '../texts';

/**
 * Password input with a show/hide toggle. The toggle is named by visually hidden text rather
 * than `aria-label`, so that "Password" labels exactly one control of the form.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'variant'>) {
  const [visible, setVisible] = useState(false);
  const toggleText = visible ? AUTH_TEXTS.hidePassword : AUTH_TEXTS.showPassword;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        htmlInput: { autoCapitalize: 'none', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" onClick={() => setVisible((v) => !v)} onMouseDown={(e) => e.preventDefault()}>
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                <span style={visuallyHidden}>{toggleText}</span>
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

import { credentialsFeedback } from './credentials-feedback';

const REQUIRED = 'Username and password are required';
const quiet = { error: false, helperText: ' ' };
const marked = { error: true, helperText: ' ' };
const told = { error: true, helperText: REQUIRED };

describe('credentialsFeedback (spec §5 admin and VIP login: both required)', () => {
  it('shows the required text once, under the first empty field, when both are empty', () => {
    expect(credentialsFeedback({ username: '', password: '' }, REQUIRED, true)).toEqual({
      username: told,
      password: marked,
      firstMissing: 'username',
      complete: false,
    });
  });

  it('shows it under the password when only the password is empty, and the reverse', () => {
    expect(credentialsFeedback({ username: 'admin', password: '' }, REQUIRED, true)).toMatchObject({
      username: quiet,
      password: told,
      firstMissing: 'password',
    });
    expect(credentialsFeedback({ username: '', password: 'secret' }, REQUIRED, true)).toMatchObject({
      username: told,
      password: quiet,
      firstMissing: 'username',
    });
  });

  it('marks nothing before the first submit', () => {
    expect(credentialsFeedback({ username: '', password: '' }, REQUIRED, false)).toEqual({
      username: quiet,
      password: quiet,
      firstMissing: 'username',
      complete: false,
    });
  });

  it('reads a username of spaces or invisible characters as empty, but a password of spaces as typed', () => {
    expect(credentialsFeedback({ username: ' \u200b ', password: '   ' }, REQUIRED, true)).toMatchObject({
      username: told,
      password: quiet,
      firstMissing: 'username',
    });
  });

  it('is complete with both filled', () => {
    expect(credentialsFeedback({ username: 'demo', password: 'pw' }, REQUIRED, true)).toEqual({
      username: quiet,
      password: quiet,
      firstMissing: null,
      complete: true,
    });
  });
});

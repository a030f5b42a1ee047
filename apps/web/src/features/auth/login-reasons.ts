/** Why the sign-in page was opened, when the console sent the user there itself. */
export const LOGIN_REASON_PARAM = 'reason';
export const PASSWORD_CHANGED = 'password-changed';

/** Sign-in calls of SPEC section 7 ('Login') and the password change of 'System'. */
export const AUTH_URLS = {
  login: '/manager/system/login/rest/login',
  logout: '/manager/system/login/rest/logout',
  oauth: (code: string) => `/manager/system/login/rest/oauth/${encodeURIComponent(code)}`,
  userInfo: '/manager/system/user/rest/getByToken',
  changePassword: '/manager/system/password/rest/change',
} as const;

// The account calls' paths, with no schema library, so the login screen can call them without
// loading the schemas (auth.ts re-exports them beside the schemas).

export const AuthPaths = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/v1/users/me',
  register: '/api/auth/register',
  getVerificationCode: '/api/auth/getVerificationCode',
  checkIsRegister: '/api/auth/checkIsRegister',
  changePwdByVerificationCode: '/api/auth/changePwdByVerificationCode',
  /** Signed in: change one's own password with the old one; every other session ends. */
  changePassword: '/api/auth/changePassword',
  /** Signed in: one's own live sessions. */
  sessions: '/api/auth/sessions',
  /** Signed in: end every session of one's account but the current one. */
  revokeOtherSessions: '/api/auth/sessions/revokeOthers',
} as const;

/** Business constants and limits of SPEC section 9. Screens and services import these, never literals. */
export const LIMITS = {
  devicePageSize: 200,
  defaultPageSize: 20,
  maxPageSize: 1000,
  mobileBreakpoint: 1024,
  sidebarWidth: 210,
  toastDurationMs: 5000,
  alarmNotificationMs: 5000,
  requestTimeoutMs: 20000,
  exportTimeoutMs: 30000,
  minTableHeight: 500,
  wheelSpeed: 2,
  uploadMaxBytes: 10 * 1024 * 1024,
  userNameMax: 64,
  nameMax: 64,
  passwordMin: 6,
  passwordMax: 64,
  /** The sign-in form takes a longer password than a new one may be (one set under an earlier rule still signs in). */
  loginPasswordMax: 128,
  remarkMax: 255,
  /** Sign-in throttle: failures for one user name from one address before each further attempt waits. */
  loginMaxFailures: 5,
  /** The first wait; it doubles with every further failure… */
  loginFirstWaitMs: 1000,
  /** …up to this longest wait. */
  loginLockMs: 15 * 60 * 1000,
  /** Failures are forgotten after this long without an attempt. */
  loginForgetMs: 60 * 60 * 1000,
  /** Failures for one user name from all the addresses it has not signed in from before waits apply there too. */
  loginUserMaxFailures: 50,
  /** An address the user signed in from stays known (exempt from the bound above) this long. */
  loginKnownAddressMs: 30 * 24 * 60 * 60 * 1000,
  tokenTtlMs: 12 * 60 * 60 * 1000,
} as const;

export const MAP_DEFAULTS = { lng: 114.26, lat: 22.71, zoom: 6 } as const;

/** The spec's default date constant: year 1900, month 11, date 1. */
export const DEFAULT_DATE = { year: 1900, month: 11, date: 1 } as const;

export const DEVICE_ICON_PATH = '/static/device_icon/';

export const DATA_ZOOM_DEFAULT = { start: 0, end: 10 } as const;

/** Client types: 1 PC, 2 APP. */
export const CLIENT_TYPE = { pc: 1, app: 2 } as const;

/**
 * The chart palette of 24 colours (SPEC section 9): series take them in order, so a chart of up
 * to 24 factors never repeats a colour. Mid-tone hues that read on both the light and dark theme.
 */
export const CHART_PALETTE = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
  '#1890ff',
  '#2fc25b',
  '#facc14',
  '#f04864',
  '#8543e0',
  '#13c2c2',
  '#a0d911',
  '#fa8c16',
  '#eb2f96',
  '#36cbcb',
  '#4e7bff',
  '#d4b106',
  '#c41d7f',
  '#7cb305',
  '#08979c',
] as const;

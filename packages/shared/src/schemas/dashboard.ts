import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema, requiredText, V } from './common.js';

/**
 * Settings › dashboard (SPEC section 7 'dashboard': get, getByUserId, getDashboardInfoByUserId, add, update,
 * delete): one configuration per user of what the home page (`/index`) and the monitoring wall
 * (`/dashboard/index`) show — which cards in what order, for which stations and trend factors, how often the
 * home refreshes and the wall rotates. A user without one sees the defaults of their role.
 */
export const DASHBOARD_LIMITS = {
  nameMax: 64,
  /** Stations a configuration may name (none: every station in the user's scope). */
  devicesMax: 1000,
  /** Trend factors. */
  factorsMax: 6,
  refreshMinSeconds: 30,
  refreshMaxSeconds: 3600,
  /** Rotation is off (0) or between these. */
  rotateMinSeconds: 10,
  rotateMaxSeconds: 600,
  /** Alarms in the latest-alarms card. */
  latestAlarms: 10,
  /** Hours of the trend card. */
  trendHours: 24,
} as const;

/**
 * The cards: network states (online, offline, never connected), today's transmission rate, current alarms by
 * type and level with pending work orders, this month's compliance, water stations by surface-water class,
 * air stations by AQI category, the station map, the latest alarms, the key factors' trends, the stations'
 * latest values, the pending work orders. Labels are `dashboard.cards.<card>`.
 */
export const DASHBOARD_CARDS = [
  'states',
  'transmission',
  'alarms',
  'compliance',
  'waterClasses',
  'airQuality',
  'map',
  'latestAlarms',
  'trends',
  'stations',
  'workOrders',
] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];

/** The admin home: the network at a glance. */
export const ADMIN_HOME_CARDS: readonly DashboardCard[] = [
  'states',
  'transmission',
  'alarms',
  'compliance',
  'waterClasses',
  'airQuality',
  'map',
  'latestAlarms',
  'trends',
];
/** The editor home (operators, viewers): their stations, their work orders, recent alarms. */
export const EDITOR_HOME_CARDS: readonly DashboardCard[] = ['states', 'stations', 'workOrders', 'latestAlarms'];
/** The control room's wall. */
export const WALL_CARDS: readonly DashboardCard[] = [
  'states',
  'transmission',
  'map',
  'latestAlarms',
  'compliance',
  'waterClasses',
  'airQuality',
  'trends',
];

/** The home variant a user sees: admin for role admin, editor for everyone else (SPEC section 2). */
export const DASHBOARD_VARIANTS = ['admin', 'editor'] as const;
export type DashboardVariant = (typeof DASHBOARD_VARIANTS)[number];

export const DASHBOARD_DEFAULTS = { refreshSeconds: 60, rotateSeconds: 0 } as const;

const cardList = z
  .array(z.enum(DASHBOARD_CARDS, { error: V.required }))
  .max(DASHBOARD_CARDS.length)
  .refine((cards) => new Set(cards).size === cards.length, 'validation.invalid');

export const dashboardSchema = z.object({
  /** Null for the defaults of a user who has no configuration. */
  id: z.number().int().nullable(),
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  /** The stations of this project only; null for every project. */
  projectId: z.number().int().nullable(),
  homeCards: z.array(z.enum(DASHBOARD_CARDS)),
  wallCards: z.array(z.enum(DASHBOARD_CARDS)),
  /** The stations shown; empty for every station in the user's scope. */
  deviceIds: z.array(z.number().int()),
  /** The trend card's factors (HJ 212 codes), in order. */
  factorCodes: z.array(z.string()),
  refreshSeconds: z.number().int(),
  /** 0: the wall does not rotate its station pages. */
  rotateSeconds: z.number().int(),
  createTime: z.number().int().nullable(),
  updateTime: z.number().int().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardPageSchema = pageSchema(dashboardSchema);

const dashboardFields = z.object({
  userId: idSchema,
  name: requiredText(DASHBOARD_LIMITS.nameMax),
  projectId: idSchema
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  homeCards: cardList,
  wallCards: cardList,
  deviceIds: z
    .array(idSchema)
    .max(DASHBOARD_LIMITS.devicesMax, V.tooLong)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  factorCodes: z
    .array(z.string().trim().min(1).max(16))
    .max(DASHBOARD_LIMITS.factorsMax, V.tooLong)
    .default([])
    .transform((codes) => [...new Set(codes)]),
  refreshSeconds: z
    .number({ error: V.required })
    .int(V.pattern)
    .min(DASHBOARD_LIMITS.refreshMinSeconds, 'validation.min')
    .max(DASHBOARD_LIMITS.refreshMaxSeconds, 'validation.max'),
  rotateSeconds: z
    .number({ error: V.required })
    .int(V.pattern)
    .refine(
      (s) => s === 0 || (s >= DASHBOARD_LIMITS.rotateMinSeconds && s <= DASHBOARD_LIMITS.rotateMaxSeconds),
      'validation.pattern',
    ),
});

export const dashboardInputSchema = dashboardFields;
export type DashboardInput = z.infer<typeof dashboardInputSchema>;
export type DashboardInputRequest = z.input<typeof dashboardInputSchema>;
export const dashboardUpdateSchema = dashboardFields.extend({ id: idSchema });
export type DashboardUpdate = z.infer<typeof dashboardUpdateSchema>;

/** get: paged, by user name or configuration name (contains); a non-admin sees only their own. */
export const dashboardListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(DASHBOARD_LIMITS.nameMax).optional(),
  userId: z.coerce.number().int().positive().optional(),
});
export type DashboardListQuery = z.infer<typeof dashboardListQuerySchema>;

/** getByUserId: the user (the caller when absent; admin may name anyone). */
export const dashboardByUserQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
});

/** getDashboardInfoByUserId: the user, as getByUserId, and the header's project. */
export const dashboardUserQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  /** The header's project: narrows the configuration's stations further. */
  projectId: z.coerce.number().int().positive().optional(),
});
export type DashboardUserQuery = z.infer<typeof dashboardUserQuerySchema>;

/** A station's state on the dashboards. Labels `dashboard.states.<state>`. */
export const STATION_STATES = ['online', 'offline', 'never'] as const;
export type StationState = (typeof STATION_STATES)[number];
export const STATION_STATE_COLORS: Record<StationState, string> = {
  online: 'success',
  offline: 'error',
  never: 'default',
};

const latestValueSchema = z.object({
  factorCode: z.string(),
  value: z.number().nullable(),
  dataTime: z.number().int(),
});

export const dashboardStationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceType: z.string(),
  projectId: z.number().int().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  state: z.enum(STATION_STATES),
  lastPacketAt: z.number().int().nullable(),
  /** Active alarms of the station. */
  alarms: z.number().int(),
  /** Surface-water class (1–6) of its latest hour, worst factor; null for other stations or no data. */
  waterClass: z.number().int().nullable(),
  /** AQI of its latest hour (HJ 633-2012); null for other stations or no data. */
  aqi: z.number().int().nullable(),
  /** The latest hourly values of the trend factors. */
  latest: z.array(latestValueSchema),
});
export type DashboardStation = z.infer<typeof dashboardStationSchema>;

const countOf = <T extends z.ZodType>(key: T) => z.array(z.object({ key, count: z.number().int() }));

export const dashboardAlarmSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  factorCode: z.string().nullable(),
  alarmType: z.number().int(),
  alarmLevel: z.number().int(),
  alarmValue: z.number().nullable(),
  standardValue: z.string().nullable(),
  beginDate: z.number().int(),
  active: z.boolean(),
  orderStatus: z.number().int(),
});
export type DashboardAlarm = z.infer<typeof dashboardAlarmSchema>;

export const dashboardTrendSchema = z.object({
  factorCode: z.string(),
  /** Hour starts, oldest first, and the mean of the stations' hourly averages in each. */
  points: z.array(z.tuple([z.number().int(), z.number()])),
});
export type DashboardTrend = z.infer<typeof dashboardTrendSchema>;

/** getDashboardInfoByUserId: everything one configuration shows, in one call. */
export const dashboardInfoSchema = z.object({
  config: dashboardSchema,
  variant: z.enum(DASHBOARD_VARIANTS),
  generatedAt: z.number().int(),
  stations: z.array(dashboardStationSchema),
  states: z.object({ online: z.number().int(), offline: z.number().int(), never: z.number().int() }),
  /** Today (the server's day in Beijing time) so far: hourly uploads received ÷ hours passed × stations. */
  transmission: z.object({ expected: z.number().int(), received: z.number().int(), rate: z.number().nullable() }),
  alarms: z.object({
    active: z.number().int(),
    byType: countOf(z.number().int()),
    byLevel: countOf(z.number().int()),
    /** Alarms whose work order is not closed. */
    pendingOrders: z.number().int(),
  }),
  /** This month's daily averages of factors with a standard: how many kept it. */
  compliance: z.object({ checked: z.number().int(), met: z.number().int(), rate: z.number().nullable() }),
  waterClasses: countOf(z.number().int()),
  airQuality: countOf(z.number().int()),
  latestAlarms: z.array(dashboardAlarmSchema),
  /** Alarms with an open work order, oldest first (the editor's to-do list). */
  workOrders: z.array(dashboardAlarmSchema),
  trends: z.array(dashboardTrendSchema),
});
export type DashboardInfo = z.infer<typeof dashboardInfoSchema>;

import { z } from 'zod';
import { cameraSchema, videoQuerySchema } from '../schemas/camera.js';
import { exportLinkSchema, exportProgressQuerySchema, exportProgressSchema } from '../schemas/common.js';
import {
  historyChartQuerySchema,
  historyChartSchema,
  historyExportQuerySchema,
  historyQuerySchema,
  historyTableSchema,
} from '../schemas/history.js';
import {
  originalPageSchema,
  originalParsedSchema,
  otherResultSchema,
  weatherDaySchema,
  weatherQuerySchema,
} from '../schemas/original.js';
import {
  aiExportSchema,
  aiQuerySchema,
  aiResultSchema,
  gatherExportSchema,
  gatherFilterSchema,
  gatherResultSchema,
  originalParsedScopedQuerySchema,
  originalScopedFilterSchema,
  originalScopedQuerySchema,
  otherExportSchema,
  otherScopedQuerySchema,
} from '../schemas/query.js';
import { HISTORY_KEY, ORIGINAL_KEY } from './data-keys.js';
import { defineEndpoint } from './endpoint.js';

const HISTORY = '/data/history/rest';
const ORIGINAL = '/data/original/rest';
const OTHER = '/data/other/rest';
const GATHER = '/data/gather/rest';
const AI = '/data/ai/rest';
const VIDEO = '/data/video/rest';
const WEATHER = '/manager/system/weather/rest';

/**
 * The video screen's query-key root: a camera write on the settings screen invalidates it, which
 * refreshes the playable cameras.
 */
export const VIDEO_KEY = ['video'] as const;

/**
 * A query's export, step 1: the ticketed link (`${path}/download` is the file), from the filters its
 * schema names.
 */
function exportLink<Q extends z.ZodType>(path: string, query: Q) {
  return defineEndpoint({ method: 'GET', path, query, response: exportLinkSchema });
}

/** The query screens' calls (SPEC section 2 'queries'; gather and AI of issue 6). */
export const queryEndpoints = {
  history: {
    /** One row per device × period, paged. */
    table: defineEndpoint({
      method: 'GET',
      path: `${HISTORY}/get`,
      query: historyQuerySchema,
      response: historyTableSchema,
      key: [...HISTORY_KEY, 'table'],
    }),
    /** Per device × factor the range's values, downsampled. */
    chart: defineEndpoint({
      method: 'GET',
      path: `${HISTORY}/chart`,
      query: historyChartQuerySchema,
      response: historyChartSchema,
      key: [...HISTORY_KEY, 'chart'],
    }),
    export: exportLink(`${HISTORY}/export`, historyExportQuerySchema),
  },
  original: {
    /** Received packets, newest first, paged. */
    list: defineEndpoint({
      method: 'GET',
      path: `${ORIGINAL}/get`,
      query: originalScopedQuerySchema,
      response: originalPageSchema,
      key: [...ORIGINAL_KEY, 'page'],
    }),
    /** One packet's raw text parsed, or the codec's error. */
    parsed: defineEndpoint({
      method: 'GET',
      path: `${ORIGINAL}/getParsed`,
      query: originalParsedScopedQuerySchema,
      response: originalParsedSchema,
      key: [...ORIGINAL_KEY, 'parsed'],
    }),
    export: exportLink(`${ORIGINAL}/export`, originalScopedFilterSchema),
  },
  /** A device's station state of one kind, parsed from its stored packets. */
  other: {
    read: defineEndpoint({
      method: 'GET',
      path: `${OTHER}/get`,
      query: otherScopedQuerySchema,
      response: otherResultSchema,
      key: ['other'],
    }),
    export: exportLink(`${OTHER}/export`, otherExportSchema),
  },
  /** A group's per-period aggregates. */
  gather: {
    read: defineEndpoint({
      method: 'GET',
      path: `${GATHER}/get`,
      query: gatherFilterSchema,
      response: gatherResultSchema,
      key: ['gather'],
    }),
    export: exportLink(`${GATHER}/export`, gatherExportSchema),
  },
  /** A device's engineering values with their analog signals. */
  ai: {
    read: defineEndpoint({
      method: 'GET',
      path: `${AI}/get`,
      query: aiQuerySchema,
      response: aiResultSchema,
      key: ['ai'],
    }),
    export: exportLink(`${AI}/export`, aiExportSchema),
  },
  /** The enabled cameras the caller may watch. */
  video: defineEndpoint({
    method: 'GET',
    path: `${VIDEO}/getAll`,
    query: videoQuerySchema,
    response: z.array(cameraSchema),
    key: [...VIDEO_KEY, 'cameras'],
  }),
  /** A station's meteorological day values per date (a common read; no console screen caches it yet). */
  weather: defineEndpoint({
    method: 'GET',
    path: `${WEATHER}/getByDate`,
    query: weatherQuerySchema,
    response: z.array(weatherDaySchema),
  }),
};

/**
 * Every two-step export's progress (SPEC section 7 'Export and templates'): while the browser downloads
 * the file, the console polls the rows written so far by the progress id step 1 answered with.
 */
export const exportEndpoints = {
  /** Only for the user who started the export; not found once it has expired. */
  progress: defineEndpoint({
    method: 'GET',
    path: '/data/export/rest/progress',
    query: exportProgressQuerySchema,
    response: exportProgressSchema,
  }),
};

import { startTileBuilding, TileBuilder } from '../ingest/tile-builder.js';
import { AiQueryRepository } from './ai-query/ai-query.repository.js';
import { aiQueryRoutes } from './ai-query/ai-query.routes.js';
import { AiQueryService } from './ai-query/ai-query.service.js';
import { GatherRepository } from './gather/gather.repository.js';
import { gatherRoutes } from './gather/gather.routes.js';
import { GatherService } from './gather/gather.service.js';
import { HistoryRepository } from './history/history.repository.js';
import { historyRoutes } from './history/history.routes.js';
import { HistoryService } from './history/history.service.js';
import type { ModuleContext } from './module-context.js';
import { OriginalRepository } from './original/original.repository.js';
import { originalRoutes } from './original/original.routes.js';
import { OriginalService } from './original/original.service.js';
import { RealtimeRepository } from './realtime/realtime.repository.js';
import { realtimeRoutes } from './realtime/realtime.routes.js';
import { RealtimeService } from './realtime/realtime.service.js';
import { ReportRepository } from './report/report.repository.js';
import { reportRoutes } from './report/report.routes.js';
import { ReportService } from './report/report.service.js';
import { statisticsRoutes } from './statistics/statistics.routes.js';
import { StatisticsService } from './statistics/statistics.service.js';

/** The query and report screens (issue 6), read-only over the stored data, with their exports. */
export function registerQueries({ app, db, dialect, database, clock, downloads, deviceScopes }: ModuleContext): void {
  realtimeRoutes(app, new RealtimeService(new RealtimeRepository(db), clock));
  // Exports of the queries and reports (issue 6): the link, the streamed file and its progress.
  reportRoutes(app, new ReportService(new ReportRepository(db)), downloads);
  // Transmission, summaries, isotope and odour rose reports (issue 6), with their exports.
  statisticsRoutes(app, new StatisticsService(db, clock), downloads);
  historyRoutes(app, new HistoryService(new HistoryRepository(db, database.sqlite)), downloads);
  // The history chart's hourly tiles (issue 22), rebuilt where the data changed; before the database closes.
  app.addHook('preClose', startTileBuilding(new TileBuilder(db, dialect, clock), app.log.child({ service: 'tiles' })));
  // Original packets and station state parsed from them (issue 6); these, gather and AI keep to the user's device scope.
  originalRoutes(app, new OriginalService(new OriginalRepository(db), deviceScopes), downloads);
  gatherRoutes(app, new GatherService(new GatherRepository(db), deviceScopes), downloads);
  aiQueryRoutes(app, new AiQueryService(new AiQueryRepository(db), deviceScopes), downloads);
}

import { type CommandUpload, DAY_MS, type StationCommand } from '@envmon/shared';
import { LOG_INFO_ID } from './panel-actions';

/** How far back a log read asks (BeginTime): the last day. */
export const LOG_SPAN_MS = DAY_MS;

/** The parameters of a log read at `now`: the instrument log (i11001) since a day before. */
export const logReadParameters = (now: number): Record<string, string> => ({
  InfoId: LOG_INFO_ID,
  BeginTime: String(now - LOG_SPAN_MS),
});

/** A command reading the instrument log (3020 with InfoId i11001), among the station's 3020 reads. */
export const isLogRead = (command: Pick<StationCommand, 'parameters'>): boolean =>
  command.parameters.InfoId === LOG_INFO_ID;

export interface LogLine {
  /** The line's time (the upload's DataTime), or when it arrived. */
  time: number;
  /** The factor's code, or null for the station's own lines. */
  factor: string | null;
  text: string;
}

/** The log lines of a log read's uploads (one a line, key i11001), newest first; equal times keep their order. */
export function logLines(uploads: readonly CommandUpload[]): LogLine[] {
  const lines = uploads.flatMap((upload) =>
    upload.fields
      .filter((field) => field.key === LOG_INFO_ID)
      .map((field) => ({ time: upload.dataTime ?? upload.at, factor: field.item, text: field.value })),
  );
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => b.line.time - a.line.time || a.index - b.index)
    .map(({ line }) => line);
}

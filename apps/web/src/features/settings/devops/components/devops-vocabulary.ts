import { DEVOPS_KINDS, type DevopsKind } from '@envmon/shared';
import type { TFunction } from 'i18next';

export const kindLabel = (t: TFunction, kind: DevopsKind) => t(`devops.kinds.${kind}`);

export const kindOptions = (t: TFunction) => DEVOPS_KINDS.map((kind) => ({ value: kind, label: kindLabel(t, kind) }));

const KB = 1024;
const MB = KB * KB;

/** An attachment's size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= KB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** The upload limit in whole megabytes, for the hint. */
export const LIMIT_MB = (bytes: number) => Math.floor(bytes / MB);
